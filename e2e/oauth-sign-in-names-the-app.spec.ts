import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import { LANGUAGE_VARIANTS } from "./support/devices";
import {
  APP_CALLBACK,
  authorizationRequest,
  catchCallback,
  createClient,
} from "./support/oauth";
import { translator } from "./support/translator";

// Decision record 090: signing in on the way to an app names the app, and its consent card shows
// the app and "Not you?", which signs out and comes back to the same authorization request.
for (const variant of LANGUAGE_VARIANTS) {
  test.describe(`Signing in for an app (${variant.name})`, () => {
    test.use(variant.use);
    test.describe.configure({ timeout: 180_000 });

    test("the sign-in names the app, and Not you? brings another account back to the same request", async ({
      page,
      users,
    }) => {
      const t = translator(variant.locale);
      const app = `Journal (${variant.slug})`;
      const client = await createClient(await users.admin(), {
        name: app,
        redirect_uris: [APP_CALLBACK],
        confidential: false,
      });
      const first = await users.create(`first-${variant.slug}`, {
        verified: true,
      });
      const second = await users.create(`second-${variant.slug}`, {
        verified: true,
      });
      const request = authorizationRequest(client.id, "openid profile");

      async function signInAs(email: string, password: string) {
        await expect(
          page.getByRole("heading", {
            name: t("Sign in to continue to :app", { app }),
          }),
        ).toBeVisible();
        await page.getByLabel(t("Email address")).fill(email);
        await page.getByLabel(t("Password"), { exact: true }).fill(password);
        await page
          .getByRole("button", { name: t("Sign in"), exact: true })
          .click();
      }

      await page.goto(request.path);
      await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
      await signInAs(first.email, first.password);
      await expect(page).toHaveURL(/\/authorize\?/);
      await expect(
        page.getByRole("heading", {
          name: t(":app wants to access your account", { app }),
        }),
      ).toBeVisible();
      await expect(page.getByText(first.email)).toBeVisible();
      await page.getByRole("button", { name: t("Not you?") }).click();

      // Signed out, and asked again for the same app.
      await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
      await expect(
        page.getByRole("heading", {
          name: t("Sign in to continue to :app", { app }),
        }),
      ).toBeVisible();
      await expectAccessible(page, `sign-in for an app (${variant.name})`, {
        screenshot: `oauth-sign-in-for-app-${variant.slug}`,
      });
      await signInAs(second.email, second.password);
      await expect(page.getByText(second.email)).toBeVisible();
      await expect(page.getByText(first.email)).toHaveCount(0);
      await expectAccessible(page, `consent with Not you? (${variant.name})`, {
        screenshot: `oauth-consent-not-you-${variant.slug}`,
      });

      // The same request: its state comes back to the app.
      const reached = await catchCallback(page);
      await page.getByRole("button", { name: t("Allow") }).click();
      const callback = await reached();
      expect(callback.searchParams.get("state")).toBe(request.state);
      expect(callback.searchParams.get("code")).toBeTruthy();
    });
  });
}
