import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import { LANGUAGE_VARIANTS } from "./support/devices";
import { translator } from "./support/translator";
import { confirmPasswordOf, postJson } from "./support/users";

// A team's apps and tokens on screen (decision record 110): the team page lists the OAuth apps
// the team owns, registers and deletes them, and leads to the tokens screen, whose "For" choice
// makes a token for the team.
for (const variant of LANGUAGE_VARIANTS) {
  test.describe(`A team's apps and tokens (${variant.name})`, () => {
    test.use(variant.use);
    test.describe.configure({ timeout: 180_000 });

    test("the team page lists, registers and deletes its apps; the tokens screen makes a token for the team", async ({
      page,
      users,
    }) => {
      const t = translator(variant.locale);
      const owner = await users.create(`team-apps-${variant.slug}`, {
        verified: true,
      });
      const made = await postJson(owner.api, "/teams", { name: "Orbit" });
      expect(made.status()).toBe(200);
      const team = ((await made.json()) as { team: { id: number } }).team.id;
      await confirmPasswordOf(owner);
      const app = await postJson(owner.api, "/oauth/clients", {
        name: "Orbit portal",
        redirect_uris: ["https://orbit.example/callback"],
        team_id: team,
      });
      expect(app.status()).toBe(201);

      await users.signIn(owner);
      await page.goto(`/admin/teams/${team}`);
      await expect(
        page.getByRole("heading", { name: t("Apps and tokens") }),
      ).toBeVisible();
      await expect(page.getByText("Orbit portal")).toBeVisible();
      await expectAccessible(page, `a team's apps (${variant.name})`, {
        screenshot: `team-apps-${variant.slug}`,
      });

      // Registered from the team page (the sign-in just made is the step-up's recent proof).
      const form = page.getByRole("form", {
        name: t("Register an app for this team"),
      });
      await form.getByLabel(t("App name")).fill("Orbit CLI");
      await form
        .getByLabel(t("Redirect URIs"))
        .fill("http://127.0.0.1:8123/callback");
      await form.getByLabel(t("It keeps a secret on its server")).uncheck();
      await form.getByRole("button", { name: t("Register app") }).click();
      await expect(
        page.getByText(
          t("The app :name is registered.", { name: "Orbit CLI" }),
        ),
      ).toBeVisible();
      await expectAccessible(
        page,
        `a team's app registered (${variant.name})`,
        {
          screenshot: `team-app-registered-${variant.slug}`,
        },
      );
      await page.getByRole("button", { name: t("Done") }).click();
      await expect(page.getByText("Orbit CLI")).toBeVisible();
      const listed = await owner.api.get(`/oauth/clients?team_id=${team}`, {
        headers: { Accept: "application/json" },
      });
      const teamApps = (await listed.json()) as {
        name: string;
        confidential: boolean;
        team_id: number | null;
      }[];
      expect(
        teamApps.map(({ name, confidential, team_id }) => ({
          name,
          confidential,
          team_id,
        })),
      ).toEqual(
        expect.arrayContaining([
          { name: "Orbit CLI", confidential: false, team_id: team },
        ]),
      );

      // Deleted from the team page, after a confirmation that says what ends with it.
      await page
        .getByRole("button", {
          name: t("Delete the app :name", { name: "Orbit portal" }),
        })
        .click();
      const confirm = page.getByRole("dialog", {
        name: t("Delete the app :name?", { name: "Orbit portal" }),
      });
      await expect(
        confirm.getByText(t("Every token the app holds stops working.")),
      ).toBeVisible();
      await confirm.getByRole("button", { name: t("Delete app") }).click();
      await expect(page.getByText("Orbit portal")).toHaveCount(0);

      await page
        .getByRole("link", { name: t("Make a token for this team") })
        .click();
      await expect(page).toHaveURL(/\/admin\/tokens$/);
      const forWhom = page.getByLabel(t("For"), { exact: true });
      // The user, then each team where they may make one (their personal team too, where made).
      await expect(forWhom.getByRole("option").first()).toHaveText(
        t("Only me"),
      );
      await forWhom.selectOption({
        label: t("The team :team", { team: "Orbit" }),
      });
      await page.getByLabel(t("Token name")).fill("Orbit deploy");
      await page
        .getByRole("group", { name: t("Abilities") })
        .getByRole("checkbox", { name: "user:write" })
        .check();
      await page.getByLabel(t("Current password")).fill(owner.password);
      await expectAccessible(page, `a team token's form (${variant.name})`, {
        screenshot: `team-token-form-${variant.slug}`,
      });
      await page.getByRole("button", { name: t("Create token") }).click();
      await expect(page.getByText(t("Your new token"))).toBeVisible();

      // The token made is the team's: it carries team:{id} (decision record 106).
      const tokens = await postJson(owner.api, "/auth/tokens", {});
      expect(JSON.stringify(await tokens.json())).toContain(`team:${team}`);
    });
  });
}
