import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import { LANGUAGE_VARIANTS } from "./support/devices";
import { linkIn, waitForMail } from "./support/outbox";
import { translator } from "./support/translator";
import { postJson } from "./support/users";

/** Whether the request context's session is still signed in (get-auth's `authenticated`). */
async function signedIn(api: APIRequestContext): Promise<boolean> {
  const response = await api.get("/auth/get-auth", {
    headers: { Accept: "application/json" },
  });
  return ((await response.json()) as { authenticated: boolean }).authenticated;
}

// Decision record 095: a sign-in from a device the account has not used mails its owner; the
// mail's "this was not me" opens a page that does nothing until its button is pressed, then signs
// that device out and opens the password reset for the account's address.
for (const variant of LANGUAGE_VARIANTS) {
  test.describe(`A sign-in from a new device (${variant.name})`, () => {
    test.use(variant.use);
    test.describe.configure({ timeout: 180_000 });

    test('is mailed to the owner, "this was not me" signs that device out and opens the reset, and Security lists it', async ({
      page,
      users,
      playwright,
      baseURL,
    }) => {
      const t = translator(variant.locale);
      // Registered (and so first signed in) from the suite's own request context.
      const user = await users.create(`new-device-${variant.slug}`);
      const stranger = await playwright.request.newContext({
        baseURL,
        userAgent:
          "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
        extraHTTPHeaders: { "Accept-Language": variant.use.locale },
      });
      const wrong = await postJson(stranger, "/auth/login", {
        email: user.email,
        password: "not-the-password-1",
      });
      expect(wrong.status()).toBe(422);
      const signedInAt = new Date();
      const login = await postJson(stranger, "/auth/login", {
        email: user.email,
        password: user.password,
      });
      expect(login.status()).toBe(200);
      const mail = await waitForMail(user.email, {
        subject: /new device|dispositivo nuevo/i,
        since: signedInAt,
      });
      expect(mail.text).toContain("Firefox");
      const link = linkIn(mail, /^\/not-me$/);

      await page.goto(link);
      await expect(
        page.getByRole("heading", { name: t("Was this not you?") }),
      ).toBeVisible();
      // Opening the page (as a mail scanner would) ended nothing.
      expect(await signedIn(stranger)).toBe(true);
      await expectAccessible(page, `this was not me (${variant.name})`, {
        screenshot: `not-me-${variant.slug}`,
      });

      await page
        .getByRole("button", { name: t("Sign that device out") })
        .click();
      await expect(page).toHaveURL(/\/auth\/forgot-password\?email=/);
      await expect(page.getByLabel(t("Email address"))).toHaveValue(user.email);
      expect(await signedIn(stranger)).toBe(false);
      await stranger.dispose();

      // The owner's own browser: Security lists the history, the stranger's rows marked.
      await users.signIn(user);
      await page.goto("/admin/account/security");
      const history = page.getByRole("list", { name: t("Recent sign-ins") });
      const strangerRows = history
        .getByRole("listitem")
        .filter({ hasText: "Firefox" });
      await expect(strangerRows).toHaveCount(2);
      await expect(
        strangerRows.filter({ hasText: t("Marked as not you") }),
      ).toHaveCount(1);
      await expect(
        strangerRows.filter({ hasText: t("Wrong password") }),
      ).toHaveCount(1);
      await expectAccessible(page, `recent sign-ins (${variant.name})`, {
        screenshot: `sign-in-history-${variant.slug}`,
      });
    });
  });
}
