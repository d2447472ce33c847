import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import { startLaravelPasskeysPage } from "./support/laravel-passkeys-page";
import { waitForMail } from "./support/outbox";
import { SERVER_PORT, STATEFUL_SPA_PORT } from "./support/ports";
import { confirmPasswordOf, signOut } from "./support/users";
import {
  addVirtualAuthenticator,
  disableAutofillOnLoad,
  setAutofill,
} from "./support/virtual-authenticator";
import { SPANISH_PHONE } from "./support/devices";
import { toasts } from "./support/toasts";

// Passkeys in Chromium with the DevTools protocol's virtual authenticator (decision records 025, 026).

test("a person adds a passkey on the profile, signs in with the button and with autofill, steps up with it and deletes it", async ({
  page,
  users,
  snap,
  guard,
}) => {
  const user = await users.create("passkey", {
    name: "Pia Passkey",
    verified: true,
  });
  const authenticator = await addVirtualAuthenticator(page);
  await users.signIn(user);
  await page.goto("/admin/account/security");

  const card = page.getByRole("region", { name: "Passkeys" });
  await expect(card.getByText("No passkeys yet")).toBeVisible();
  await card.getByRole("button", { name: "Add a passkey" }).click();
  await card.getByLabel("Passkey name").fill("Test laptop");
  await snap("passkeys-add-form");
  // A new way in asks for the password first (decision record 028): a fresh sign-in is unconfirmed.
  guard.allow(/\/auth\/user\/passkeys\/options$/, 423);
  const added = new Date();
  await card.getByRole("button", { name: "Create passkey" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm your password" });
  await expect(confirm.getByLabel("Password")).toBeFocused();
  await expectAccessible(page, "step-up before adding a passkey", {
    screenshot: "passkeys-add-step-up",
  });
  await confirm.getByLabel("Password").fill(user.password);
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(
    toasts(page).getByText(
      "Passkey added. You can use it the next time you sign in.",
    ),
  ).toBeVisible();
  // The owner is told, with the passkey's name.
  const notice = await waitForMail(user.email, {
    subject: /new way to sign in was added/,
    since: added,
  });
  expect(notice.text).toContain("A passkey named “Test laptop” was added.");
  await expect(
    card.getByRole("list", { name: "Passkeys" }).getByText("Test laptop"),
  ).toBeVisible();
  await expect(card.getByText("Never used")).toBeVisible();
  expect(await authenticator.credentials()).toHaveLength(1);
  await expectAccessible(page, "profile with a passkey", {
    screenshot: "passkeys-profile-list",
  });

  // Renamed in a dialog.
  await card.getByRole("button", { name: "Rename Test laptop" }).click();
  const rename = page.getByRole("dialog", { name: "Rename passkey" });
  await rename.getByLabel("Passkey name").fill("Work laptop");
  await rename.getByRole("button", { name: "Save" }).click();
  await expect(
    card.getByRole("list", { name: "Passkeys" }).getByText("Work laptop"),
  ).toBeVisible();

  // Signed out, then in with the button (in a browser without passkey autofill): no password,
  // no second step.
  await disableAutofillOnLoad(page);
  await setAutofill(page, false);
  // This page too: signing out shows the login screen in it without a new load, and its autofill
  // would sign straight back in, before the page below loads on a busy machine.
  await page.reload();
  await signOut(page);
  await page.goto("/auth/login");
  await expect(page.getByLabel("Email address")).toHaveAttribute(
    "autocomplete",
    "username webauthn",
  );
  await expectAccessible(page, "sign-in with the passkey button", {
    screenshot: "passkeys-login-screen",
  });
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("banner").getByText("Pia Passkey")).toBeVisible();

  // Signed out, then in from the email field's suggestions (conditional UI): Chromium's virtual
  // authenticator picks the passkey as soon as the login screen asks.
  await setAutofill(page, true);
  await signOut(page);
  await page.goto("/auth/login");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("banner").getByText("Pia Passkey")).toBeVisible();

  // Deleting needs the step-up (a new sign-in starts unconfirmed): 423, then the dialog offers the
  // passkey beside the password.
  guard.allow(/\/auth\/user\/passkeys\/\d+$/, 423);
  await page.goto("/admin/account/security");
  await expect(card.getByText(/Last used/)).toBeVisible();
  await card.getByRole("button", { name: "Delete Work laptop" }).click();
  await page
    .getByRole("dialog", { name: /Delete the passkey/ })
    .getByRole("button", { name: "Delete passkey" })
    .click();
  const stepUp = page.getByRole("dialog", { name: "Confirm your password" });
  await expect(
    stepUp.getByRole("button", { name: "Use a passkey" }),
  ).toBeVisible();
  await expectAccessible(page, "step-up dialog with a passkey", {
    screenshot: "passkeys-step-up",
  });
  await stepUp.getByRole("button", { name: "Use a passkey" }).click();
  await expect(toasts(page).getByText("Passkey deleted.")).toBeVisible();
  await expect(card.getByText("No passkeys yet")).toBeVisible();
});

test("after a password sign-in on a device with a built-in authenticator, a passkey is offered once", async ({
  page,
  users,
  guard,
}) => {
  const user = await users.create("offer", {
    name: "Olga Offer",
    verified: true,
  });
  await addVirtualAuthenticator(page);
  // Once the passkey exists, autofill would sign in before the password is typed.
  await disableAutofillOnLoad(page);
  await page.goto("/auth/login");
  await setAutofill(page, false);
  const signInWithPassword = async () => {
    await page.goto("/auth/login");
    await page.getByLabel("Email address").fill(user.email);
    await page.getByRole("textbox", { name: "Password" }).fill(user.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/admin$/);
  };
  await signInWithPassword();
  const offer = page.getByRole("region", {
    name: "Sign in faster with a passkey",
  });
  await expect(offer).toBeVisible();
  // Made where the sign-in lands, not above the screens whose controls it would push down
  // (decision record 107).
  await page.goto("/admin/account/security");
  await expect(
    page.getByRole("region", { name: "Passkeys" }).getByText("No passkeys yet"),
  ).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(offer).toHaveCount(0);
  await page.goto("/admin");
  await expect(offer).toBeVisible();
  await expectAccessible(page, "passkey offer after a password sign-in", {
    screenshot: "passkeys-offer",
  });
  guard.allow(/\/auth\/user\/passkeys\/options$/, 423);
  await offer.getByRole("button", { name: "Create a passkey" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm your password" });
  await confirm.getByLabel("Password").fill(user.password);
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(
    page.getByText("Passkey added. You can use it the next time you sign in."),
  ).toBeVisible();

  await signOut(page);
  await signInWithPassword();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(offer).toHaveCount(0);
});

test("the official @laravel/passkeys client registers and signs in against these routes, from a stateful origin", async ({
  page,
  users,
  baseURL,
}) => {
  const user = await users.create("laravel-client", {
    name: "Lara Client",
    verified: true,
  });
  await addVirtualAuthenticator(page);
  // Registering is behind the step-up (decision record 028); the official client leaves it to the app.
  await confirmPasswordOf(user);
  await users.signIn(user);
  // playwright.config.ts makes this origin stateful.
  const client = await startLaravelPasskeysPage(
    "localhost",
    STATEFUL_SPA_PORT,
    baseURL ?? `http://localhost:${SERVER_PORT}`,
  );
  try {
    await page.goto(client.origin);
    await expect(page.locator("body[data-ready='1']")).toHaveCount(1);
    expect(
      await page.evaluate(() =>
        (
          window as unknown as { client: { supported(): boolean } }
        ).client.supported(),
      ),
    ).toBe(true);
    type Client = {
      register(name: string): Promise<unknown>;
      verify(): Promise<unknown>;
      getAuth(): Promise<{
        authenticated: boolean;
        user: { email: string } | null;
      }>;
    };
    const registered = await page.evaluate(() =>
      (window as unknown as { client: Client }).client.register(
        "From the Laravel client",
      ),
    );
    expect(registered).toMatchObject({
      ok: true,
      data: { status: "passkey-registered", name: "From the Laravel client" },
    });

    await page.context().clearCookies();
    expect(
      (
        await page.evaluate(() =>
          (window as unknown as { client: Client }).client.getAuth(),
        )
      ).authenticated,
    ).toBe(false);
    const verified = await page.evaluate(() =>
      (window as unknown as { client: Client }).client.verify(),
    );
    expect(verified).toMatchObject({
      ok: true,
      data: { success: true, user: { email: user.email }, redirect: "/admin" },
    });
    expect(
      await page.evaluate(() =>
        (window as unknown as { client: Client }).client.getAuth(),
      ),
    ).toMatchObject({ authenticated: true, user: { email: user.email } });
  } finally {
    await client.close();
  }
});

test.describe("in Spanish on a phone", () => {
  test.use(SPANISH_PHONE);

  test("the passkey screens read in Spanish and pass axe", async ({
    page,
    users,
  }) => {
    const user = await users.create("llave", {
      name: "Lucía Llave",
      verified: true,
    });
    await addVirtualAuthenticator(page);
    await page.goto("/auth/login");
    await expect(
      page.getByRole("button", {
        name: "Iniciar sesión con una llave de acceso",
      }),
    ).toBeVisible();
    await expectAccessible(page, "sign-in with a passkey, Spanish, phone", {
      screenshot: "passkeys-login-es-phone",
    });
    // The step-up a new way in needs (its dialog is the journey above's).
    await confirmPasswordOf(user);
    await users.signIn(user);
    await page.goto("/admin/account/security");
    const card = page.getByRole("region", { name: "Llaves de acceso" });
    await card
      .getByRole("button", { name: "Añadir una llave de acceso" })
      .click();
    await card.getByLabel("Nombre de la llave de acceso").fill("Móvil");
    await card.getByRole("button", { name: "Crear llave de acceso" }).click();
    // Confirmed in a toast, in Spanish, inside the phone's screen.
    const added = toasts(page, "es").getByText(
      "Llave de acceso añadida. Podrás usarla la próxima vez que inicies sesión.",
    );
    await expect(added).toBeInViewport();
    await card.scrollIntoViewIfNeeded();
    await expectAccessible(page, "passkeys card, Spanish, phone", {
      screenshot: "passkeys-profile-es-phone",
    });
  });
});
