import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import { LANGUAGE_VARIANTS } from "./support/devices";
import { translator } from "./support/translator";
import { postJson } from "./support/users";

const TOKEN_SHAPE = /^\d+\|nla_[A-Za-z0-9]{40}[0-9a-f]{8}$/;

// Decision record 090: rolling a token asks for the password only when the server's confirmation
// window has run out, and then in the roll dialog itself, never in a dialog stacked on it; the
// password typed to create a token opens that window. The new secret's dialog has no empty footer.
for (const variant of LANGUAGE_VARIANTS) {
  test.describe(`Rolling a token (${variant.name})`, () => {
    test.use(variant.use);
    test.describe.configure({ timeout: 180_000 });

    test("asks for the password in its own dialog when the window ran out, and not at all right after creating one", async ({
      page,
      users,
      playwright,
      baseURL,
      snap,
    }) => {
      const t = translator(variant.locale);
      const user = await users.create(`roll-window-${variant.slug}`);
      // A token made by a script (its own request, not this browser): the browser's session has
      // confirmed nothing yet.
      const script = await playwright.request.newContext({ baseURL });
      const made = await postJson(script, "/auth/create-token", {
        email: user.email,
        password: user.password,
        name: "ci",
      });
      expect(made.status()).toBe(200);
      await script.dispose();
      await users.signIn(user);
      await page.goto("/admin/account/tokens");

      // Outside the window: the roll dialog itself asks for the password.
      await page
        .getByRole("button", { name: t("Roll :name", { name: "ci" }) })
        .click();
      const dialog = page.getByRole("dialog");
      const password = dialog.getByLabel(t("Current password"));
      await expect(password).toBeVisible();
      await snap(`token-roll-asks-password-${variant.slug}`);
      await expectAccessible(
        page,
        `roll asking the password (${variant.name})`,
      );
      await password.fill(user.password);
      await dialog.getByRole("button", { name: t("Roll token") }).click();
      await expect(page.getByLabel(t("New token"))).toHaveText(TOKEN_SHAPE);
      await expect(page.getByRole("dialog")).toHaveCount(1);
      await expect(
        page.getByRole("dialog", { name: t("Confirm your password") }),
      ).toHaveCount(0);
      // The new secret's dialog ends with its own Done: no footer strip under it.
      await expect(
        page.getByRole("dialog").locator(":scope > div"),
      ).toHaveCount(1);
      await expectAccessible(page, `token rolled (${variant.name})`, {
        screenshot: `token-rolled-${variant.slug}`,
      });
      await page.getByRole("button", { name: t("Done") }).click();

      // Created with the password a minute ago: rolling it asks nothing more.
      await page.getByLabel(t("Token name")).fill("deploy");
      await page.getByLabel(t("All abilities (*)")).check();
      await page
        .getByRole("main")
        .getByLabel(t("Current password"))
        .fill(user.password);
      await page.getByRole("button", { name: t("Create token") }).click();
      await page.getByRole("button", { name: t("Done") }).click();
      await page
        .getByRole("button", { name: t("Roll :name", { name: "deploy" }) })
        .click();
      await expect(
        dialog.getByRole("button", { name: t("Roll token") }),
      ).toBeVisible();
      await expect(dialog.getByLabel(t("Current password"))).toHaveCount(0);
      await dialog.getByRole("button", { name: t("Roll token") }).click();
      await expect(page.getByLabel(t("New token"))).toHaveText(TOKEN_SHAPE);
      await expect(page.getByRole("dialog")).toHaveCount(1);
    });
  });
}
