import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import {
  createClient,
  exchangingResource,
  tokenRequest,
} from "./support/oauth";
import { SPANISH_PHONE } from "./support/devices";

// Decision record 055: a command line starts the device grant, the user types its code on the
// device screen and approves; the next poll gets tokens. English on a desktop, Spanish on a phone.
// Decision record 115: a device asking for a resource whose server may exchange tokens is told
// what that server may do, as the consent tells it.
const VARIANTS = [
  {
    name: "English, desktop",
    slug: "en",
    use: { locale: "en-US", viewport: { width: 1280, height: 860 } },
    words: {
      entry: "Connect a device",
      code: "Code",
      next: "Continue",
      asks: "CLI (en) wants to connect to your account",
      allow: "Allow",
      done: "Device connected",
      invalid: "This code is not valid, was already used or has expired.",
      exchange: (resource: string) =>
        `On your behalf, the server of ${resource} will also be able to:`,
      sessions: "See where you are signed in",
    },
  },
  {
    name: "Spanish, phone",
    slug: "es-phone",
    use: SPANISH_PHONE,
    words: {
      entry: "Conectar un dispositivo",
      code: "Código",
      next: "Continuar",
      asks: "CLI (es-phone) quiere conectarse a tu cuenta",
      allow: "Permitir",
      done: "Dispositivo conectado",
      invalid: "Este código no es válido, ya se usó o ha caducado.",
      exchange: (resource: string) =>
        `En tu nombre, el servidor de ${resource} también podrá:`,
      sessions: "Ver dónde has iniciado sesión",
    },
  },
] as const;

const DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";

for (const variant of VARIANTS) {
  test.describe(`device code (${variant.name})`, () => {
    test.use(variant.use);
    // Several screens, axe on each, and the token endpoint: more than the default minute on a busy machine.
    test.describe.configure({ timeout: 180_000 });

    test("the user types the device's code and approves it; the device's poll gets tokens", async ({
      page,
      users,
      guard,
      playwright,
      baseURL,
    }) => {
      const admin = await users.admin();
      const client = await createClient(admin, {
        name: `CLI (${variant.slug})`,
        confidential: false,
        grant_types: [DEVICE_GRANT, "refresh_token"],
      });
      const device = await playwright.request.newContext({ baseURL });
      const started = await device.post("/oauth/device/code", {
        form: { client_id: client.id, scope: "user:write" },
        headers: { Accept: "application/json" },
      });
      expect(started.status()).toBe(200);
      const { device_code, user_code, verification_uri } =
        (await started.json()) as {
          device_code: string;
          user_code: string;
          verification_uri: string;
        };

      // A device is allowed only by an account whose address is proven (decision record 082).
      await users.signIn(
        await users.create(`device-${variant.slug}`, { verified: true }),
      );
      await page.goto(new URL(verification_uri).pathname);
      await expect(page).toHaveURL(/\/device$/);
      await expect(
        page.getByRole("heading", { name: variant.words.entry, level: 1 }),
      ).toBeVisible();

      // A mistyped code says so beside the field.
      guard.allow(/\/oauth\/device\/authorize\?user_code=/, 404);
      await page.getByLabel(variant.words.code).fill("bbbb-bbbb");
      await page.getByRole("button", { name: variant.words.next }).click();
      await expect(
        page.getByLabel(variant.words.code),
      ).toHaveAccessibleDescription(variant.words.invalid);
      await expectAccessible(page, `device code, wrong (${variant.name})`, {
        screenshot: `oauth-device-invalid-${variant.slug}`,
      });

      // Typed as people type it: lower case, with the dash.
      const typed =
        `${user_code.slice(0, 4)}-${user_code.slice(4)}`.toLowerCase();
      await page.getByLabel(variant.words.code).fill(typed);
      await page.getByRole("button", { name: variant.words.next }).click();
      await expect(
        page.getByRole("heading", { name: variant.words.asks, level: 1 }),
      ).toBeVisible();
      await expect(
        page.getByText(`${user_code.slice(0, 4)}-${user_code.slice(4)}`),
      ).toBeVisible();
      await expectAccessible(page, `device consent (${variant.name})`, {
        screenshot: `oauth-device-consent-${variant.slug}`,
      });
      await page.getByRole("button", { name: variant.words.allow }).click();
      await expect(page.getByText(variant.words.done)).toBeVisible();
      await expectAccessible(page, `device connected (${variant.name})`, {
        screenshot: `oauth-device-connected-${variant.slug}`,
      });

      const tokens = await tokenRequest(device, {
        grant_type: DEVICE_GRANT,
        client_id: client.id,
        device_code,
      });
      expect(tokens.status()).toBe(200);
      expect(await tokens.json()).toMatchObject({ token_type: "Bearer" });
      await device.dispose();
    });

    test("a device asking for a resource whose server may exchange tokens says what that server may do", async ({
      page,
      users,
      playwright,
      baseURL,
    }) => {
      const admin = await users.admin();
      const client = await createClient(admin, {
        name: `CLI (${variant.slug})`,
        confidential: false,
        grant_types: [DEVICE_GRANT],
      });
      const { name: resource, identifier } = await exchangingResource(
        admin,
        variant.slug,
      );
      const device = await playwright.request.newContext({ baseURL });
      const started = await device.post("/oauth/device/code", {
        form: {
          client_id: client.id,
          scope: "notes:read",
          resource: identifier,
        },
        headers: { Accept: "application/json" },
      });
      expect(started.status()).toBe(200);
      const { user_code } = (await started.json()) as { user_code: string };
      await device.dispose();

      await users.signIn(
        await users.create(`device-exchange-${variant.slug}`, {
          verified: true,
        }),
      );
      await page.goto(`/oauth/device?user_code=${user_code}`);
      await expect(
        page.getByRole("heading", { name: variant.words.asks, level: 1 }),
      ).toBeVisible();
      const told = page.getByRole("region", {
        name: variant.words.exchange(resource),
      });
      await expect(told).toBeVisible();
      await expect(told.getByText(variant.words.sessions)).toBeVisible();
      await expectAccessible(
        page,
        `device consent with exchange (${variant.name})`,
        { screenshot: `oauth-device-exchange-${variant.slug}` },
      );
      await page.getByRole("button", { name: variant.words.allow }).click();
      await expect(page.getByText(variant.words.done)).toBeVisible();
    });
  });
}
