import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import {
  APP_CALLBACK,
  authorizationRequest,
  catchCallback,
  createClient,
  exchangingResource,
  type CreatedClient,
  tokenRequest,
} from "./support/oauth";
import { SPANISH_PHONE } from "./support/devices";

// Decision record 055: the consent of the authorization-code flow and the user's authorized apps,
// in English on a desktop and in Spanish on a phone; decision record 115: what a resource's server
// may do for the user by token exchange, told before the user allows.
const VARIANTS = [
  {
    name: "English, desktop",
    slug: "en",
    use: { locale: "en-US", viewport: { width: 1280, height: 860 } },
    words: {
      asks: "Notes (en) wants to access your account",
      profile: "Change your profile",
      allow: "Allow",
      deny: "Deny",
      apps: "Authorized apps",
      revoke: "Revoke access of Notes (en)",
      confirm: "Revoke access",
      gone: "The app no longer has access.",
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
      asks: "Notes (es-phone) quiere acceder a tu cuenta",
      profile: "Cambiar tu perfil",
      allow: "Permitir",
      deny: "Denegar",
      apps: "Aplicaciones autorizadas",
      revoke: "Revocar el acceso de Notes (es-phone)",
      confirm: "Revocar acceso",
      gone: "La aplicación ya no tiene acceso.",
      exchange: (resource: string) =>
        `En tu nombre, el servidor de ${resource} también podrá:`,
      sessions: "Ver dónde has iniciado sesión",
    },
  },
] as const;

const SCOPE = "openid profile user:write";

for (const variant of VARIANTS) {
  test.describe(`OAuth consent (${variant.name})`, () => {
    test.use(variant.use);
    // Several screens, axe on each, and the token endpoint: more than the default minute on a busy machine.
    test.describe.configure({ timeout: 180_000 });
    let client: CreatedClient;

    test.beforeEach(async ({ users }) => {
      const admin = await users.admin();
      client = await createClient(admin, {
        name: `Notes (${variant.slug})`,
        redirect_uris: [APP_CALLBACK],
        confidential: false,
      });
    });

    test("the user denies: the app gets access_denied with its state", async ({
      page,
      users,
    }) => {
      // An app is allowed only by an account whose address is proven (decision record 082).
      await users.signIn(
        await users.create(`deny-${variant.slug}`, { verified: true }),
      );
      const reached = await catchCallback(page);
      const request = authorizationRequest(client.id, SCOPE);
      await page.goto(request.path);
      await expect(
        page.getByRole("heading", { name: variant.words.asks, level: 1 }),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/authorize\?/);
      await expect(page.getByText(variant.words.profile)).toBeVisible();
      await expectAccessible(page, `consent (${variant.name})`, {
        screenshot: `oauth-consent-${variant.slug}`,
      });
      await page.getByRole("button", { name: variant.words.deny }).click();
      const callback = await reached();
      expect(callback.searchParams.get("error")).toBe("access_denied");
      expect(callback.searchParams.get("state")).toBe(request.state);
    });

    test("a request for a resource whose server may exchange tokens says what that server may do", async ({
      page,
      users,
    }) => {
      const admin = await users.admin();
      const { name: resource, identifier } = await exchangingResource(
        admin,
        variant.slug,
      );
      await users.signIn(
        await users.create(`exchange-${variant.slug}`, { verified: true }),
      );
      const request = authorizationRequest(client.id, "notes:read");
      await page.goto(
        `${request.path}&resource=${encodeURIComponent(identifier)}`,
      );
      const told = page.getByRole("region", {
        name: variant.words.exchange(resource),
      });
      await expect(told).toBeVisible();
      await expect(told.getByText(variant.words.sessions)).toBeVisible();
      await expectAccessible(page, `consent with exchange (${variant.name})`, {
        screenshot: `oauth-consent-exchange-${variant.slug}`,
      });
    });

    test("the user approves, the app gets tokens, and the user revokes it under Authorized apps", async ({
      page,
      users,
      playwright,
      baseURL,
    }) => {
      const user = await users.create(`approve-${variant.slug}`, {
        name: "Olga Owner",
        verified: true,
      });
      await users.signIn(user);
      const reached = await catchCallback(page);
      const request = authorizationRequest(client.id, SCOPE);
      await page.goto(request.path);
      await expect(page.getByText(user.email)).toBeVisible();
      await page.getByRole("button", { name: variant.words.allow }).click();
      const callback = await reached();
      expect(callback.searchParams.get("state")).toBe(request.state);
      const code = callback.searchParams.get("code") ?? "";
      expect(code).toMatch(/^def50200/);

      // The app's server redeems the code, and calls as the user.
      const app = await playwright.request.newContext({ baseURL });
      const tokens = await tokenRequest(app, {
        grant_type: "authorization_code",
        client_id: client.id,
        redirect_uri: APP_CALLBACK,
        code,
        code_verifier: request.verifier,
      });
      expect(tokens.status()).toBe(200);
      const { access_token: accessToken } = (await tokens.json()) as {
        access_token: string;
      };
      const userinfo = () =>
        app.get("/oauth/userinfo", {
          headers: { Authorization: `Bearer ${accessToken}` },
        });
      expect((await userinfo()).status()).toBe(200);

      await page.goto("/admin/account/authorized-apps");
      await expect(
        page.getByRole("heading", { name: variant.words.apps, level: 2 }),
      ).toBeVisible();
      const item = page
        .getByRole("list", { name: variant.words.apps })
        .getByRole("listitem")
        .filter({ hasText: `Notes (${variant.slug})` });
      await expect(item.getByText(variant.words.profile)).toBeVisible();
      await expectAccessible(page, `authorized apps (${variant.name})`, {
        screenshot: `oauth-authorized-apps-${variant.slug}`,
      });
      await item.getByRole("button", { name: variant.words.revoke }).click();
      await expectAccessible(page, `revoke an app (${variant.name})`);
      await page
        .getByRole("dialog")
        .getByRole("button", { name: variant.words.confirm })
        .click();
      await expect(page.getByText(variant.words.gone)).toBeVisible();
      await expect(item).toHaveCount(0);
      expect((await userinfo()).status()).toBe(401);
      await app.dispose();
    });
  });
}
