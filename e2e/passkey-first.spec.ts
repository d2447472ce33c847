import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import { SPANISH_PHONE } from "./support/devices";
import { linkIn, waitForMail } from "./support/outbox";
import { toasts } from "./support/toasts";
import { signOut, uniqueEmail } from "./support/users";
import {
  addVirtualAuthenticator,
  disableAutofillOnLoad,
  setAutofill,
} from "./support/virtual-authenticator";

// Passkey-first accounts (decision record 107), with the DevTools protocol's virtual authenticator.

test("a person signs up with a passkey and no password, proves the address, sets a password behind the passkey's step-up", async ({
  page,
  guard,
}) => {
  const email = uniqueEmail("first");
  const authenticator = await addVirtualAuthenticator(page);
  await page.goto("/auth/register");
  await page.getByLabel("Name").fill("Pia First");
  await page.getByLabel("Email address").fill(email);
  await expectAccessible(page, "register with the passkey choice", {
    screenshot: "passkey-first-register",
  });
  const registered = new Date();
  await page.getByRole("button", { name: "Sign up with a passkey" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  expect(await authenticator.credentials()).toHaveLength(1);
  // No password was used: nothing to offer a passkey in place of.
  await expect(
    page.getByRole("region", { name: "Sign in faster with a passkey" }),
  ).toHaveCount(0);

  // The verification mail goes as after register; the link proves the address.
  const mail = await waitForMail(email, {
    subject: /Verify Email Address/,
    since: registered,
  });
  await page.goto(linkIn(mail, /\/auth\/email\/verify\//));

  await page.goto("/admin/account/security");
  const card = page.getByRole("region", { name: "Set a password" });
  await expect(card).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Change password" }),
  ).toHaveCount(0);
  await expectAccessible(page, "security without a password", {
    screenshot: "passkey-first-set-password",
  });
  // The only passkey cannot go (the account would have no way in), and the card says so.
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await expect(
    passkeys.getByText(/its last passkey cannot be deleted/),
  ).toBeVisible();
  guard.allow(/\/auth\/user\/set-password$/, 423);
  await card.getByLabel("Password", { exact: true }).fill("a-first-password-7");
  await card.getByLabel("Confirm password").fill("a-first-password-7");
  await card.getByRole("button", { name: "Set password" }).click();
  // No password field it could never accept: the passkey alone (decision record 111).
  const confirm = page.getByRole("dialog", { name: "Confirm it is you" });
  await expect(
    confirm.getByRole("button", { name: "Use a passkey" }),
  ).toBeVisible();
  await expect(confirm.getByLabel("Password")).toHaveCount(0);
  await expectAccessible(page, "step-up with the passkey alone", {
    screenshot: "passkey-first-step-up",
  });
  await confirm.getByRole("button", { name: "Use a passkey" }).click();
  await expect(toasts(page).getByText("Password set.")).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Change password" }),
  ).toBeVisible();
  await expect(passkeys).toBeVisible();

  // Signed out, the new password signs in (in a browser without passkey autofill, which would
  // sign straight back in with the passkey on the login screen signing out shows).
  await disableAutofillOnLoad(page);
  await setAutofill(page, false);
  // From the dashboard: the Security cards would ask again for what a signed-out browser may not read.
  await page.goto("/admin");
  await signOut(page);
  await page.goto("/auth/login");
  await page.getByLabel("Email address").fill(email);
  await page
    .getByRole("textbox", { name: "Password" })
    .fill("a-first-password-7");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test("the register screen has no passkey choice where the browser has no WebAuthn", async ({
  page,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, "PublicKeyCredential", { value: undefined });
  });
  await page.goto("/auth/register");
  await expect(
    page.getByRole("button", { name: "Create account" }),
  ).toBeVisible();
  await expect(
    page.getByRole("button", { name: "Sign up with a passkey" }),
  ).toHaveCount(0);
});

test.describe("in Spanish, on a phone", () => {
  test.use(SPANISH_PHONE);

  test("signing up with a passkey, and the offer after a password sign-in dismissed for good", async ({
    page,
    users,
  }) => {
    await addVirtualAuthenticator(page);
    await disableAutofillOnLoad(page);
    await page.goto("/auth/register");
    await page.getByLabel("Nombre").fill("Lucía Primera");
    await page.getByLabel("Correo electrónico").fill(uniqueEmail("primera"));
    await expectAccessible(
      page,
      "register with the passkey choice, Spanish phone",
      {
        screenshot: "passkey-first-register-es-phone",
      },
    );
    await page
      .getByRole("button", { name: "Registrarse con una llave de acceso" })
      .click();
    await expect(page).toHaveURL(/\/admin$/);
    // Without passkey autofill, which would sign this account back in on the login screen.
    await setAutofill(page, false);
    await page.reload();
    await signOut(page, "Cerrar sesión");

    // Someone with a password: offered a passkey once, until "Not now", on every sign-in after.
    const user = await users.create("oferta", {
      name: "Olga Oferta",
      verified: true,
    });
    const signInWithPassword = async () => {
      await page.goto("/auth/login");
      await page.getByLabel("Correo electrónico").fill(user.email);
      await page
        .getByRole("textbox", { name: "Contraseña" })
        .fill(user.password);
      await page
        .getByRole("button", { name: "Iniciar sesión", exact: true })
        .click();
      await expect(page).toHaveURL(/\/admin$/);
    };
    await signInWithPassword();
    const offer = page.getByRole("region", {
      name: "Inicia sesión más rápido con una llave de acceso",
    });
    await expect(offer).toBeVisible();
    await expectAccessible(page, "the passkey offer, Spanish phone", {
      screenshot: "passkey-first-offer-es-phone",
    });
    await offer.getByRole("button", { name: "Ahora no" }).click();
    await expect(offer).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(offer).toHaveCount(0);
    await signOut(page, "Cerrar sesión");
    await signInWithPassword();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(offer).toHaveCount(0);
  });
});
