import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import { LANGUAGE_VARIANTS } from "./support/devices";
import { linkIn, waitForMail } from "./support/outbox";
import { translator } from "./support/translator";
import { postJson } from "./support/users";

// Decision record 090: the reset screen checks its link when it opens; a used one says so at once,
// offers a new link instead of the form, and never puts the error on the read-only address.
for (const variant of LANGUAGE_VARIANTS) {
  test.describe(`A used reset link (${variant.name})`, () => {
    test.use(variant.use);
    test.describe.configure({ timeout: 180_000 });

    test("is known when the screen opens, and a new link is one button away", async ({
      page,
      users,
      playwright,
      baseURL,
    }) => {
      const t = translator(variant.locale);
      const user = await users.create(`used-link-${variant.slug}`);
      const guest = await playwright.request.newContext({ baseURL });
      const askedAt = new Date();
      await postJson(guest, "/auth/forgot-password", { email: user.email });
      const link = linkIn(
        await waitForMail(user.email, {
          subject: /Reset Password|restablecer/i,
          since: askedAt,
        }),
        /^\/auth\/reset-password\//,
      );
      // The link is used once (another tab, another device).
      const [, , , token] = new URL(link).pathname.split("/");
      const used = await postJson(guest, "/auth/reset-password", {
        token: decodeURIComponent(token ?? ""),
        email: user.email,
        password: "used-once-already-42",
        password_confirmation: "used-once-already-42",
      });
      expect(used.status()).toBe(200);
      await guest.dispose();

      await page.goto(link);
      await expect(
        page.getByRole("heading", { name: t("This link no longer works") }),
      ).toBeVisible();
      await expect(
        page.getByLabel(t("New password"), { exact: true }),
      ).toHaveCount(0);
      await expect(page.getByLabel(t("Email address"))).toHaveCount(0);
      await expectAccessible(page, `used reset link (${variant.name})`, {
        screenshot: `reset-link-used-${variant.slug}`,
      });

      const resentAt = new Date();
      await page.getByRole("button", { name: t("Send a new link") }).click();
      await expect(page.getByText(t("Check your inbox"))).toBeVisible();
      await expectAccessible(page, `new reset link sent (${variant.name})`, {
        screenshot: `reset-link-resent-${variant.slug}`,
      });

      // The new link opens the form: checking it consumed nothing.
      const fresh = linkIn(
        await waitForMail(user.email, {
          subject: /Reset Password|restablecer/i,
          since: resentAt,
        }),
        /^\/auth\/reset-password\//,
      );
      await page.goto(fresh);
      await expect(page.getByLabel(t("Email address"))).toHaveValue(user.email);
      await page
        .getByLabel(t("New password"), { exact: true })
        .fill("fresh-and-working-7");
      await page
        .getByLabel(t("Confirm new password"))
        .fill("fresh-and-working-7");
      await page.getByRole("button", { name: t("Reset password") }).click();
      await expect(page).toHaveURL(/\/auth\/login\?status=password-reset$/);
    });
  });
}
