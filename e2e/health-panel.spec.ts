import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import { LANGUAGE_VARIANTS } from "./support/devices";
import { translator } from "./support/translator";

// Decision record 096: the administration home opens with the server's health, each check a
// status, a figure and what to do, in the page's language. The suite's server runs in production
// with its OAuth keys in the environment and the outbox mail driver, and has no backup.
for (const variant of LANGUAGE_VARIANTS) {
  test.describe(`The health panel (${variant.name})`, () => {
    test.use(variant.use);

    test("an administrator reads each check and what to do; a user sees no panel", async ({
      page,
      users,
    }) => {
      const t = translator(variant.locale);
      await users.signIn(await users.admin());
      await page.goto("/admin");
      const panel = page.getByRole("region", { name: t("Server health") });
      await expect(panel.getByRole("listitem")).toHaveCount(6);
      const row = (label: string) =>
        panel.getByRole("listitem").filter({ hasText: t(label) });

      await expect(row("OAuth keys")).toContainText(t("OK"));
      await expect(row("OAuth keys")).toContainText(
        t("Set in PASSPORT_PRIVATE_KEY and PASSPORT_PUBLIC_KEY"),
      );
      await expect(row("Mail driver")).toContainText(t("Failing"));
      await expect(row("Mail driver")).toContainText(
        t(
          "Set RESEND_API_KEY and MAIL_FROM and restart: until then nobody receives a reset or verification link.",
        ),
      );
      await expect(row("Database migrations")).toContainText(t("OK"));
      await expect(row("Last backup")).toContainText(t("Not recorded"));
      // The command is shown as code, whole.
      await expect(row("Last backup").locator("code")).toHaveText(
        /^npm run auth -- backup </,
      );
      await expectAccessible(page, "administration home, health panel", {
        screenshot: `health-panel-${variant.slug}`,
      });

      await users.signIn(
        await users.create(`health-${variant.slug}`, { verified: true }),
      );
      await page.goto("/admin");
      await expect(
        page.getByRole("heading", { level: 1, name: /Tester/ }),
      ).toBeVisible();
      await expect(
        page.getByRole("region", { name: t("Server health") }),
      ).toHaveCount(0);
    });
  });
}
