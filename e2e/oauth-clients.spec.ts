import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import { tokenRequest } from "./support/oauth";
import { LANGUAGE_VARIANTS, SPANISH_PHONE } from "./support/devices";
import { confirmPasswordOf } from "./support/users";

// Decision record 055: an administrator creates a machine client with an allowed scope, copies its
// secret (shown once), and rotates it; both secrets work during the overlap. English on a desktop,
// Spanish on a phone.
const VARIANTS = [
  {
    name: "English, desktop",
    slug: "en",
    use: { locale: "en-US", viewport: { width: 1280, height: 860 } },
    words: {
      title: "OAuth clients",
      form: "Create a client",
      name: "Name",
      machine: /^Machine/,
      scope: "Change your profile (user:write)",
      create: "Create client",
      secret: "Client secret",
      clientId: "Client ID",
      copy: "Copy secret",
      copied: "Copied",
      done: "Done",
      rotate: "Rotate secret of",
      confirm: "Rotate secret",
      newSecret: "Secret rotated",
      stepUp: "Confirm your password",
      password: "Password",
      overlap: /^Old secret works until /,
    },
  },
  {
    name: "Spanish, phone",
    slug: "es-phone",
    use: SPANISH_PHONE,
    words: {
      title: "Clientes OAuth",
      form: "Crear un cliente",
      name: "Nombre",
      machine: /^Máquina/,
      scope: "Cambiar tu perfil (user:write)",
      create: "Crear cliente",
      secret: "Secreto de cliente",
      clientId: "ID de cliente",
      copy: "Copiar secreto",
      copied: "Copiado",
      done: "Listo",
      rotate: "Renovar secreto de",
      confirm: "Renovar secreto",
      newSecret: "Secreto renovado",
      stepUp: "Confirma tu contraseña",
      password: "Contraseña",
      overlap: /^El secreto anterior funciona hasta el /,
    },
  },
] as const;

for (const variant of VARIANTS) {
  test.describe(`OAuth clients (${variant.name})`, () => {
    test.use(variant.use);
    // Several screens, axe on each, and the token endpoint: more than the default minute on a busy machine.
    test.describe.configure({ timeout: 180_000 });

    test("an administrator creates a machine client, copies its secret and rotates it", async ({
      page,
      context,
      users,
      guard,
      playwright,
      baseURL,
      snap,
    }) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      const admin = await users.admin();
      await users.signIn(admin);
      await page.goto("/admin/oauth-clients");
      await expect(
        page.getByRole("heading", { name: variant.words.title, level: 1 }),
      ).toBeVisible();
      const form = page.getByRole("form", { name: variant.words.form });
      // Unique: a server the suite reuses keeps the clients of earlier runs.
      const name = `Billing sync (${variant.slug}) ${Date.now().toString(36)}`;
      await form.getByLabel(variant.words.name, { exact: true }).fill(name);
      await form.getByRole("radio", { name: variant.words.machine }).check();
      await form.getByLabel(variant.words.scope).check();
      await expectAccessible(page, `clients form (${variant.name})`, {
        screenshot: `oauth-clients-form-${variant.slug}`,
      });
      // A new way in: creating a client asks for the password first (credential class `adds`,
      // decision record 082); the rotation below finds the confirmation recent.
      guard.allow(/\/oauth\/clients$/, 423);
      await form.getByRole("button", { name: variant.words.create }).click();
      const stepUp = page.getByRole("dialog", { name: variant.words.stepUp });
      await stepUp.getByLabel(variant.words.password).fill(admin.password);
      await stepUp.getByLabel(variant.words.password).press("Enter");

      const secretShown = page.getByLabel(variant.words.secret, {
        exact: true,
      });
      await expect(secretShown).toHaveText(/^[A-Za-z0-9]{40}$/);
      const secret = (await secretShown.textContent()) ?? "";
      const clientId =
        (await page
          .getByLabel(variant.words.clientId, { exact: true })
          .textContent()) ?? "";
      await page.getByRole("button", { name: variant.words.copy }).click();
      await expect(
        page.getByRole("button", { name: variant.words.copied }),
      ).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        secret,
      );
      await expectAccessible(page, `client secret shown (${variant.name})`, {
        screenshot: `oauth-clients-secret-${variant.slug}`,
      });
      await page.getByRole("button", { name: variant.words.done }).click();

      const machine = await playwright.request.newContext({ baseURL });
      const credentials = (clientSecret: string) =>
        tokenRequest(machine, {
          grant_type: "client_credentials",
          client_id: clientId,
          client_secret: clientSecret,
          scope: "user:write",
        });
      expect((await credentials(secret)).status()).toBe(200);

      const item = page.getByRole("listitem").filter({ hasText: name });
      await expect(item).toContainText("user:write");
      await snap(`oauth-clients-list-${variant.slug}`);
      await item
        .getByRole("button", { name: `${variant.words.rotate} ${name}` })
        .click();
      await page
        .getByRole("dialog")
        .getByRole("button", { name: variant.words.confirm })
        .click();
      const dialog = page.getByRole("dialog", {
        name: variant.words.newSecret,
      });
      const rotated = dialog.getByLabel(variant.words.secret, { exact: true });
      await expect(rotated).toHaveText(/^[A-Za-z0-9]{40}$/);
      const newSecret = (await rotated.textContent()) ?? "";
      expect(newSecret).not.toBe(secret);
      await expectAccessible(page, `secret rotated (${variant.name})`, {
        screenshot: `oauth-clients-rotated-${variant.slug}`,
      });
      await dialog.getByRole("button", { name: variant.words.done }).click();
      await expect(item.getByText(variant.words.overlap)).toBeVisible();

      // One day of overlap by default: the old secret still works beside the new one.
      expect((await credentials(newSecret)).status()).toBe(200);
      expect((await credentials(secret)).status()).toBe(200);
      await machine.dispose();
    });
  });
}

test("a user's app may ask for any scope only when that box is checked; nothing chosen is an error", async ({
  page,
  users,
}) => {
  const admin = await users.admin();
  // A recent confirmation, should creating a client ask for one: this test is about the scopes.
  await confirmPasswordOf(admin);
  await users.signIn(admin);
  await page.goto("/admin/oauth-clients");
  const form = page.getByRole("form", { name: "Create a client" });
  const name = `Notes (any scope) ${Date.now().toString(36)}`;
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("Redirect URIs").fill("https://notes.example/callback");
  const scopes = form.getByRole("group", { name: "Allowed scopes" });
  const any = scopes.getByRole("checkbox", {
    name: "Any scope the user consents to",
  });
  // Decision record 011, amendment 2026-12-02: nothing checked is never every scope.
  await form.getByRole("button", { name: "Create client" }).click();
  await expect(any).toBeFocused();
  await expect(any).toHaveAccessibleDescription(
    "Choose at least one scope, or any scope the user consents to.",
  );
  await any.check();
  await expect(scopes.getByRole("checkbox")).toHaveCount(1);
  await form.getByRole("button", { name: "Create client" }).click();
  await page.getByRole("button", { name: "Done" }).click();
  await expect(
    page.getByRole("listitem").filter({ hasText: name }),
  ).toContainText("any the user consents to");
});

// Decision record 090, "A client edited on screen": the card shows the redirect URIs; Edit opens
// the client's form filled in, a refused redirect URI is told beside its field, the saved name and
// URIs show on the card; Delete asks first, saying the apps using it stop working.
const EDIT_VARIANTS = [
  {
    ...LANGUAGE_VARIANTS[0],
    words: {
      form: "Create a client",
      name: "Name",
      redirects: "Redirect URIs",
      logout: "Back-channel logout URI (optional)",
      logoutRefused:
        "The back-channel logout URI http://example.com/logout must be an absolute https URI, or http on a loopback address, without a fragment.",
      scope: "Change your profile (user:write)",
      create: "Create client",
      done: "Done",
      edit: "Edit",
      save: "Save client",
      refused:
        "The redirect URI http://example.com/cb must use https, http on a loopback address, or an app's own reverse-domain scheme.",
      saved: "The client has been saved.",
      delete: "Delete the client",
      deleteTitle: "Delete this client?",
      deleteSays: /^Apps using .+ stop working at once/,
      confirmDelete: "Delete client",
      deleted: "The client has been deleted.",
    },
  },
  {
    ...LANGUAGE_VARIANTS[1],
    words: {
      form: "Crear un cliente",
      name: "Nombre",
      redirects: "URI de redirección",
      logout: "URI de cierre de sesión back-channel (opcional)",
      logoutRefused:
        "La URI de cierre de sesión back-channel http://example.com/logout debe ser una URI https absoluta, o http en una dirección de bucle local, sin fragmento.",
      scope: "Cambiar tu perfil (user:write)",
      create: "Crear cliente",
      done: "Listo",
      edit: "Editar",
      save: "Guardar cliente",
      refused:
        "La URI de redirección http://example.com/cb debe usar https, http en una dirección de bucle local o un esquema propio de la aplicación con su dominio invertido.",
      saved: "El cliente se ha guardado.",
      delete: "Eliminar el cliente",
      deleteTitle: "¿Eliminar este cliente?",
      deleteSays: /^Las apps que usan .+ dejan de funcionar al instante/,
      confirmDelete: "Eliminar cliente",
      deleted: "El cliente se ha eliminado.",
    },
  },
] as const;

for (const variant of EDIT_VARIANTS) {
  test.describe(`OAuth clients edited (${variant.name})`, () => {
    test.use(variant.use);
    test.describe.configure({ timeout: 180_000 });

    test("an administrator edits a client's name and redirect URIs, a bad URI refused beside its field, then deletes it", async ({
      page,
      users,
      guard,
    }) => {
      const words = variant.words;
      const admin = await users.admin();
      // A recent confirmation: creating and changing a client would ask for it (record 082).
      await confirmPasswordOf(admin);
      await users.signIn(admin);
      await page.goto("/admin/oauth-clients");
      const create = page.getByRole("form", { name: words.form });
      const name = `Notes (${variant.slug}) ${Date.now().toString(36)}`;
      await create.getByLabel(words.name, { exact: true }).fill(name);
      await create
        .getByLabel(words.redirects)
        .fill("https://notes.example/callback");
      await create.getByLabel(words.scope).check();
      await create.getByRole("button", { name: words.create }).click();
      await page.getByRole("button", { name: words.done }).click();
      const card = page.getByRole("listitem").filter({ hasText: name });
      await expect(card).toContainText("https://notes.example/callback");

      await card
        .getByRole("button", { name: `${words.edit} ${name}`, exact: true })
        .click();
      const form = page.getByRole("form", { name: `${words.edit} ${name}` });
      await expect(
        page.getByRole("heading", { name: `${words.edit} ${name}` }),
      ).toBeVisible();
      const nameField = form.getByLabel(words.name, { exact: true });
      const redirects = form.getByLabel(words.redirects);
      await expect(nameField).toHaveValue(name);
      await expect(redirects).toHaveValue("https://notes.example/callback");
      await expect(form.getByLabel(words.scope)).toBeChecked();

      const renamed = `${name} v2`;
      await nameField.fill(renamed);
      await redirects.fill(
        "https://notes.example/callback\nhttp://example.com/cb",
      );
      // Back-channel logout (decision record 103): the redirect URIs' rule, told beside its field.
      const logout = form.getByLabel(words.logout);
      await logout.fill("http://example.com/logout");
      guard.allow(/\/oauth\/clients\/[^/]+$/, 422);
      await form.getByRole("button", { name: words.save }).click();
      await expect(redirects).toHaveAttribute("aria-invalid", "true");
      await expect(redirects).toBeFocused();
      await expect(redirects).toHaveAccessibleDescription(
        new RegExp(`${words.refused.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`),
      );
      await expect(logout).toHaveAttribute("aria-invalid", "true");
      await expect(logout).toHaveAccessibleDescription(
        new RegExp(
          `^${words.logoutRefused.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`,
        ),
      );
      await expectAccessible(page, `client form refused (${variant.name})`, {
        screenshot: `oauth-clients-edit-refused-${variant.slug}`,
      });

      await redirects.fill(
        "https://notes.example/callback\nhttps://notes.example/second",
      );
      await logout.fill("https://notes.example/backchannel-logout");
      await form.getByRole("button", { name: words.save }).click();
      await expect(page.getByText(words.saved)).toBeVisible();
      const renamedCard = page
        .getByRole("listitem")
        .filter({ hasText: renamed });
      await expect(renamedCard).toContainText("https://notes.example/callback");
      await expect(renamedCard).toContainText("https://notes.example/second");
      await expect(renamedCard).toContainText(
        "https://notes.example/backchannel-logout",
      );
      await expect(renamedCard).toContainText("user:write");
      // Back from the form, the keyboard is where it was: on the client's Edit.
      await expect(
        renamedCard.getByRole("button", { name: `${words.edit} ${renamed}` }),
      ).toBeFocused();
      await expectAccessible(page, `client edited (${variant.name})`, {
        screenshot: `oauth-clients-edited-${variant.slug}`,
      });

      await renamedCard
        .getByRole("button", { name: `${words.delete} ${renamed}` })
        .click();
      const dialog = page.getByRole("dialog", { name: words.deleteTitle });
      await expect(dialog.getByText(words.deleteSays)).toBeVisible();
      await expectAccessible(page, `client delete asked (${variant.name})`, {
        screenshot: `oauth-clients-delete-${variant.slug}`,
      });
      await dialog.getByRole("button", { name: words.confirmDelete }).click();
      await expect(page.getByText(words.deleted)).toBeVisible();
      await expect(
        page.getByRole("listitem").filter({ hasText: renamed }),
      ).toHaveCount(0);
    });
  });
}
