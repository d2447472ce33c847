import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import { LANGUAGE_VARIANTS } from "./support/devices";
import { useAcmeProvider } from "./support/acme-provider";
import { linkIn, waitForMail } from "./support/outbox";
import { translator } from "./support/translator";
import { signOut, uniqueEmail } from "./support/users";
import { addVirtualAuthenticator } from "./support/virtual-authenticator";

// The Security screen's "Set a password" card, as GET user/sign-in-methods describes the account
// (decision record 111): a passkey-first account gets the form its passkey's step-up passes; an
// account made by a provider, without a passkey, no form but the reset link mailed to it.
const acme = useAcmeProvider();

for (const variant of LANGUAGE_VARIANTS) {
  test.describe(`Set a password (${variant.name})`, () => {
    test.use(variant.use);

    test("an account made by a provider, without a passkey, is mailed the link that sets its password", async ({
      page,
    }) => {
      const t = translator(variant.locale);
      const email = uniqueEmail(`social-set-${variant.slug}`);
      acme.provider.setUser({
        sub: email,
        email,
        email_verified: true,
        name: "Sol Social",
      });
      // The provider's round trip, as the login screen's button starts it (e2e/social-login.spec.ts).
      await page.goto("/auth/social/acme/redirect");
      await expect(page).toHaveURL(/\/admin$/);

      await page.goto("/admin/account/security");
      const card = page.getByRole("region", { name: t("Set a password") });
      await expect(card).toBeVisible();
      await expect(
        card.getByText(
          t(
            "Your account has no password: you sign in with :providers. A password lets you sign in without it.",
            { providers: "Acme ID" },
          ),
        ),
      ).toBeVisible();
      await expect(card.getByText(email)).toBeVisible();
      // No form whose step-up could not be passed.
      await expect(card.getByRole("textbox")).toHaveCount(0);
      await expect(card.locator('input[type="password"]')).toHaveCount(0);
      await expectAccessible(
        page,
        `set a password, provider (${variant.name})`,
        {
          screenshot: `set-password-social-${variant.slug}`,
        },
      );

      const asked = new Date();
      await card.getByRole("button", { name: t("Email me the link") }).click();
      await expect(
        card.getByText(t("We have emailed you a link to set your password.")),
      ).toBeVisible();
      await expect(
        card.getByRole("button", { name: t("Email me the link") }),
      ).toBeDisabled();
      await expectAccessible(
        page,
        `set a password, link sent (${variant.name})`,
        { screenshot: `set-password-social-sent-${variant.slug}` },
      );

      // The link is forgot-password's, a guest's route (Fortify's): opened once signed out here, it
      // sets the first password, and the password signs in.
      const mail = await waitForMail(email, { since: asked });
      await page.goto("/admin");
      await signOut(page, t("Sign out"));
      await page.goto(linkIn(mail, /^\/auth\/reset-password\//));
      await page
        .getByLabel(t("New password"), { exact: true })
        .fill("a-first-password-7");
      await page
        .getByLabel(t("Confirm new password"))
        .fill("a-first-password-7");
      await page.getByRole("button", { name: t("Reset password") }).click();
      await expect(page).toHaveURL(/\/auth\/login/);
      await page.getByLabel(t("Email address")).fill(email);
      await page
        .getByRole("textbox", { name: t("Password") })
        .fill("a-first-password-7");
      await page
        .getByRole("button", { name: t("Sign in"), exact: true })
        .click();
      await expect(page).toHaveURL(/\/admin$/);
      await page.goto("/admin/account/security");
      await expect(
        page.getByRole("region", { name: t("Change password") }),
      ).toBeVisible();
      await expect(
        page.getByRole("region", { name: t("Set a password") }),
      ).toHaveCount(0);
    });

    test("a passkey-first account is told it signs in with a passkey, and gets the form", async ({
      page,
    }) => {
      const t = translator(variant.locale);
      await addVirtualAuthenticator(page);
      await page.goto("/auth/register");
      await page.getByLabel(t("Name")).fill("Pia First");
      await page
        .getByLabel(t("Email address"))
        .fill(uniqueEmail(`first-set-${variant.slug}`));
      await page
        .getByRole("button", { name: t("Sign up with a passkey") })
        .click();
      await expect(page).toHaveURL(/\/admin$/);

      await page.goto("/admin/account/security");
      const card = page.getByRole("region", { name: t("Set a password") });
      await expect(
        card.getByText(
          t(
            "Your account has no password: you sign in with a passkey. A password lets you sign in where your passkey is not at hand.",
          ),
        ),
      ).toBeVisible();
      await expect(
        card.getByLabel(t("Password"), { exact: true }),
      ).toBeVisible();
      await expect(
        card.getByRole("button", { name: t("Email me the link") }),
      ).toHaveCount(0);
      await expectAccessible(
        page,
        `set a password, passkey (${variant.name})`,
        {
          screenshot: `set-password-passkey-${variant.slug}`,
        },
      );
    });
  });
}
