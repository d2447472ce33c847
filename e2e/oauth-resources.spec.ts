import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import { LANGUAGE_VARIANTS } from "./support/devices";
import { createClient } from "./support/oauth";
import { confirmPasswordOf } from "./support/users";

// Decision record 101, "Screens": an administrator registers a resource with two scopes, sees it
// listed, renames it, is refused a second one with the same identifier beside that field, and
// deletes it after a confirmation that says its tokens stop being issued. Decision record 115: the
// edit names a confidential client as its server and a scope of this API it may exchange for.
const VARIANTS = [
  {
    ...LANGUAGE_VARIANTS[0],
    words: {
      title: "API resources",
      form: "Register a resource",
      identifier: "Identifier",
      name: "Name",
      scopeName: (n: number) => `Scope ${n} name`,
      scopeDescription: (n: number) => `Scope ${n} description`,
      addScope: "Add a scope",
      minutes: "Token lifetime in minutes (optional)",
      register: "Register resource",
      registered: "The resource has been registered.",
      anyClient: "Any client",
      lifetime: "Tokens last 30 minutes",
      taken: "The identifier has already been taken.",
      edit: "Edit",
      save: "Save resource",
      saved: "The resource has been saved.",
      delete: "Delete the resource",
      deleteTitle: "Delete this resource?",
      deleteSays: /stop being issued at once/,
      confirmDelete: "Delete resource",
      deleted: "The resource has been deleted.",
      server: "Its server",
      sessionsScope: "See where you are signed in (sessions:read)",
      exchange: "Token exchange:",
    },
  },
  {
    ...LANGUAGE_VARIANTS[1],
    words: {
      title: "Recursos de API",
      form: "Registrar un recurso",
      identifier: "Identificador",
      name: "Nombre",
      scopeName: (n: number) => `Nombre del permiso ${n}`,
      scopeDescription: (n: number) => `Descripción del permiso ${n}`,
      addScope: "Añadir un permiso",
      minutes: "Duración del token en minutos (opcional)",
      register: "Registrar recurso",
      registered: "El recurso se ha registrado.",
      anyClient: "Cualquier cliente",
      lifetime: "Los tokens duran 30 minutos",
      taken: "El valor del campo identificador ya está en uso.",
      edit: "Editar",
      save: "Guardar recurso",
      saved: "El recurso se ha guardado.",
      delete: "Eliminar el recurso",
      deleteTitle: "¿Eliminar este recurso?",
      deleteSays: /dejan de emitirse al instante/,
      confirmDelete: "Eliminar recurso",
      deleted: "El recurso se ha eliminado.",
      server: "Su servidor",
      sessionsScope: "Ver dónde has iniciado sesión (sessions:read)",
      exchange: "Intercambio de tokens:",
    },
  },
] as const;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

for (const variant of VARIANTS) {
  test.describe(`API resources (${variant.name})`, () => {
    test.use(variant.use);
    // Several screens, axe on each in both colour schemes: more than the default minute on a busy machine.
    test.describe.configure({ timeout: 180_000 });

    test("an administrator registers a resource with two scopes, renames it, is refused a duplicate identifier, and deletes it", async ({
      page,
      users,
      guard,
    }) => {
      const words = variant.words;
      const admin = await users.admin();
      // A recent confirmation, should a write of the `administers` class ask for one (record 082).
      await confirmPasswordOf(admin);
      const serverName = `Orders server ${Date.now().toString(36)}`;
      await createClient(admin, {
        name: serverName,
        grant_types: ["client_credentials"],
      });
      await users.signIn(admin);
      await page.goto("/admin/oauth-resources");
      await expect(
        page.getByRole("heading", { name: words.title, level: 1 }),
      ).toBeVisible();

      // Unique: a server the suite reuses keeps the resources of earlier runs.
      const stamp = Date.now().toString(36);
      const identifier = `https://orders-${variant.slug}-${stamp}.example/api`;
      const name = `Orders API (${variant.slug}) ${stamp}`;
      const create = page.getByRole("form", { name: words.form });
      await create.getByLabel(words.identifier).fill(identifier);
      await create.getByLabel(words.name, { exact: true }).fill(name);
      await create.getByLabel(words.scopeName(1)).fill("orders:read");
      await create.getByLabel(words.scopeDescription(1)).fill("Read orders");
      await create.getByRole("button", { name: words.addScope }).click();
      await create.getByLabel(words.scopeName(2)).fill("orders:write");
      await create.getByLabel(words.scopeDescription(2)).fill("Change orders");
      await create.getByLabel(words.minutes).fill("30");
      await expect(create.getByLabel(words.anyClient)).toBeChecked();
      await expectAccessible(page, `resource form (${variant.name})`, {
        screenshot: `oauth-resources-form-${variant.slug}`,
      });
      await create.getByRole("button", { name: words.register }).click();
      await expect(page.getByText(words.registered)).toBeVisible();

      const item = page.getByRole("listitem").filter({ hasText: name });
      await expect(item).toContainText(identifier);
      await expect(item).toContainText("orders:read — Read orders");
      await expect(item).toContainText("orders:write — Change orders");
      await expect(item).toContainText(words.anyClient);
      await expect(item).toContainText(words.lifetime);
      // The form is empty again, for the next one.
      await expect(create.getByLabel(words.identifier)).toHaveValue("");

      // The same identifier again: refused beside its field, what was typed kept.
      const again = create.getByLabel(words.identifier);
      await again.fill(identifier);
      await create.getByLabel(words.name, { exact: true }).fill(`${name} bis`);
      guard.allow(/\/api\/admin\/oauth-resources$/, 422);
      await create.getByRole("button", { name: words.register }).click();
      await expect(again).toHaveAttribute("aria-invalid", "true");
      await expect(again).toBeFocused();
      await expect(again).toHaveAccessibleDescription(
        new RegExp(`^${escaped(words.taken)}`),
      );
      await expect(again).toHaveValue(identifier);
      await expectAccessible(page, `resource refused (${variant.name})`, {
        screenshot: `oauth-resources-refused-${variant.slug}`,
      });

      await item
        .getByRole("button", { name: `${words.edit} ${name}`, exact: true })
        .click();
      const form = page.getByRole("form", { name: `${words.edit} ${name}` });
      const nameField = form.getByLabel(words.name, { exact: true });
      await expect(nameField).toHaveValue(name);
      await expect(form.getByLabel(words.scopeName(2))).toHaveValue(
        "orders:write",
      );
      const renamed = `${name} v2`;
      await nameField.fill(renamed);
      await form.getByLabel(words.server).selectOption({ label: serverName });
      await form.getByLabel(words.sessionsScope).check();
      await expectAccessible(page, `resource exchange (${variant.name})`, {
        screenshot: `oauth-resources-exchange-${variant.slug}`,
      });
      await form.getByRole("button", { name: words.save }).click();
      await expect(page.getByText(words.saved)).toBeVisible();
      const renamedItem = page
        .getByRole("listitem")
        .filter({ hasText: renamed });
      await expect(renamedItem).toContainText("orders:read — Read orders");
      await expect(renamedItem).toContainText(words.lifetime);
      await expect(renamedItem).toContainText(words.exchange);
      await expect(renamedItem).toContainText(serverName);
      await expect(renamedItem).toContainText("sessions:read");
      // Back from the form, the keyboard is where it was: on the resource's Edit.
      await expect(
        renamedItem.getByRole("button", { name: `${words.edit} ${renamed}` }),
      ).toBeFocused();
      await expectAccessible(page, `resource edited (${variant.name})`, {
        screenshot: `oauth-resources-list-${variant.slug}`,
      });

      await renamedItem
        .getByRole("button", { name: `${words.delete} ${renamed}` })
        .click();
      const dialog = page.getByRole("dialog", { name: words.deleteTitle });
      await expect(dialog.getByText(words.deleteSays)).toBeVisible();
      await expectAccessible(page, `resource delete asked (${variant.name})`, {
        screenshot: `oauth-resources-delete-${variant.slug}`,
      });
      await dialog.getByRole("button", { name: words.confirmDelete }).click();
      await expect(page.getByText(words.deleted)).toBeVisible();
      await expect(
        page.getByRole("listitem").filter({ hasText: renamed }),
      ).toHaveCount(0);
    });
  });
}
