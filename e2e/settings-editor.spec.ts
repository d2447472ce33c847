import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import { LANGUAGE_VARIANTS } from "./support/devices";
import { revertSettings } from "./support/settings";
import { translator } from "./support/translator";
import { confirmPasswordOf } from "./support/users";

// Decision record 091: the settings editor speaks in people's words. A duration is an amount and
// a unit, a limiter is rows of "at most so many requests in so many minutes, counted by", a long
// section can be searched, and what is saved is the setting in its own unit.
const DURATION = "limits.login-decay-seconds";
const LIMITER = "limiters.forgot-password";

type Listing = { settings: { key: string; value: unknown }[] };

test.afterEach(async ({ users }) => {
  await revertSettings(await users.admin(), [DURATION, LIMITER]);
});

for (const variant of LANGUAGE_VARIANTS) {
  test.describe(`The settings editor (${variant.name})`, () => {
    test.use(variant.use);

    test("finds a setting by its name, takes a duration in minutes and a limiter as rows, and saves them in their own units", async ({
      page,
      users,
    }) => {
      const t = translator(variant.locale);
      const admin = await users.admin();
      // The step-up has its own journey (settings.spec.ts): confirmed beforehand here.
      await confirmPasswordOf(admin);
      await users.signIn(admin);
      await page.goto("/admin/settings/limits");
      const form = page.getByRole("form", { name: t("Limits") });
      const duration = form.getByLabel(t("Lockout duration"), { exact: true });
      await expect(duration).toBeVisible();

      // The search matches what the page shows, in its language.
      const search = page.getByRole("searchbox", { name: t("Find a setting") });
      await search.fill(t("Lockout duration").slice(0, 8));
      await expect(duration).toBeVisible();
      await expect(
        form.getByLabel(t("Longest wait between attempts"), { exact: true }),
      ).toHaveCount(0);
      await search.fill("");

      await duration.fill("2");
      await form
        .getByLabel(t("Unit of :setting", { setting: t("Lockout duration") }))
        .selectOption({ label: t("minutes") });

      const limiter = form.getByRole("group", {
        name: t("Requests limiter :name", { name: "forgot-password" }),
      });
      const rules = await limiter.getByRole("listitem").count();
      await limiter.getByRole("button", { name: t("Add a rule") }).click();
      const row = { row: rules + 1 };
      await limiter
        .getByLabel(t("Requests, rule :row", row), { exact: true })
        .fill("50");
      await limiter
        .getByLabel(t("Minutes, rule :row", row), { exact: true })
        .fill("60");
      await limiter
        .getByLabel(t("Counted by, rule :row", row), { exact: true })
        .selectOption("email");
      await expectAccessible(
        page,
        `settings editor, unsaved (${variant.name})`,
        {
          screenshot: `settings-editor-${variant.slug}`,
        },
      );

      await form.getByRole("button", { name: t("Save changes") }).click();
      await expect(form.getByRole("status")).toHaveText(t("Saved."));

      // Stored in the setting's own units, as AUTH_CONFIG_JSON would have it.
      const listing = (await (
        await admin.api.get("/api/admin/settings", {
          headers: { Accept: "application/json" },
        })
      ).json()) as Listing;
      const value = (key: string) =>
        listing.settings.find((setting) => setting.key === key)?.value;
      expect(value(DURATION)).toBe(120);
      expect(value(LIMITER)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ by: "email", max: 50, minutes: 60 }),
        ]),
      );

      // Shown again as the person entered it.
      await page.reload();
      await expect(duration).toHaveValue("2");
      await expect(
        limiter.getByLabel(t("Requests, rule :row", row), { exact: true }),
      ).toHaveValue("50");
    });
  });
}
