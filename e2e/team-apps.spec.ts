import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import { LANGUAGE_VARIANTS } from "./support/devices";
import { translator } from "./support/translator";
import { confirmPasswordOf, postJson } from "./support/users";

// A team's apps and tokens on screen (decision record 110): the team page lists the OAuth apps
// the team owns, registers, edits, rotates the secret of and deletes them, and leads to the
// tokens screen, whose "For" choice makes a token for the team.
for (const variant of LANGUAGE_VARIANTS) {
  test.describe(`A team's apps and tokens (${variant.name})`, () => {
    test.use(variant.use);
    test.describe.configure({ timeout: 180_000 });

    test("the team page lists, registers, edits, rotates and deletes its apps; the tokens screen makes a token for the team", async ({
      page,
      context,
      guard,
      users,
    }) => {
      const t = translator(variant.locale);
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
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
      // The list's entry alone: the panel's sentences name the app too until it closes.
      await expect(page.getByText("Orbit CLI", { exact: true })).toBeVisible();
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

      // A public app has no secret to rotate.
      await expect(
        page.getByRole("button", {
          name: t("Rotate secret of :name", { name: "Orbit CLI" }),
        }),
      ).toHaveCount(0);

      // Edited from the team page: its name and redirect URIs, with the redirect rule's error
      // shown on the field, then saved.
      await page
        .getByRole("button", {
          name: t("Edit :name", { name: "Orbit portal" }),
        })
        .click();
      const edit = page.getByRole("form", {
        name: t("Edit :name", { name: "Orbit portal" }),
      });
      await expect(edit.getByLabel(t("App name"))).toBeFocused();
      await expect(edit.getByLabel(t("Redirect URIs"))).toHaveValue(
        "https://orbit.example/callback",
      );
      // The refused redirect URI below, on purpose.
      guard.allow(/\/oauth\/clients\/[0-9a-f-]+$/, 422);
      await edit.getByLabel(t("App name")).fill("Orbit web");
      await edit
        .getByLabel(t("Redirect URIs"))
        .fill("http://orbit.example/callback");
      await edit.getByRole("button", { name: t("Save app") }).click();
      await expect(edit.getByLabel(t("Redirect URIs"))).toHaveAttribute(
        "aria-invalid",
        "true",
      );
      await expectAccessible(page, `a team's app edited (${variant.name})`, {
        screenshot: `team-app-edit-${variant.slug}`,
      });
      await edit
        .getByLabel(t("Redirect URIs"))
        .fill(
          "https://orbit.example/callback\nhttps://orbit.example/callback-2",
        );
      await edit.getByRole("button", { name: t("Save app") }).click();
      await expect(edit).toHaveCount(0);
      const editButton = page.getByRole("button", {
        name: t("Edit :name", { name: "Orbit web" }),
      });
      await expect(editButton).toBeFocused();
      const saved = await owner.api.get(`/oauth/clients?team_id=${team}`, {
        headers: { Accept: "application/json" },
      });
      expect(
        ((await saved.json()) as { name: string; redirect_uris: string[] }[])
          .filter(({ name }) => name === "Orbit web")
          .map(({ redirect_uris }) => redirect_uris),
      ).toEqual([
        ["https://orbit.example/callback", "https://orbit.example/callback-2"],
      ]);

      // Its secret rotated after a confirmation, the new one shown once with a copy button.
      await page
        .getByRole("button", {
          name: t("Rotate secret of :name", { name: "Orbit web" }),
        })
        .click();
      await page
        .getByRole("dialog", {
          name: t("Rotate the secret of “:name”?", { name: "Orbit web" }),
        })
        .getByRole("button", { name: t("Rotate secret") })
        .click();
      const rotated = page.getByRole("dialog", { name: t("Secret rotated") });
      const secret = rotated.getByLabel(t("Client secret"), { exact: true });
      await expect(secret).toHaveText(/^[A-Za-z0-9]{40}$/);
      await rotated.getByRole("button", { name: t("Copy secret") }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        await secret.textContent(),
      );
      await expectAccessible(
        page,
        `a team's app secret rotated (${variant.name})`,
        { screenshot: `team-app-rotated-${variant.slug}` },
      );
      await rotated.getByRole("button", { name: t("Done") }).click();
      await expect(rotated).toHaveCount(0);

      // Deleted from the team page, after a confirmation that says what ends with it.
      await page
        .getByRole("button", {
          name: t("Delete the app :name", { name: "Orbit web" }),
        })
        .click();
      const confirm = page.getByRole("dialog", {
        name: t("Delete the app :name?", { name: "Orbit web" }),
      });
      await expect(
        confirm.getByText(t("Every token the app holds stops working.")),
      ).toBeVisible();
      await confirm.getByRole("button", { name: t("Delete app") }).click();
      await expect(page.getByText("Orbit web")).toHaveCount(0);

      await page
        .getByRole("link", { name: t("Make a token for this team") })
        .click();
      await expect(page).toHaveURL(/\/admin\/account\/tokens$/);
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
