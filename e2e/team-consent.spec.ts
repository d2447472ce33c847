import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import { LANGUAGE_VARIANTS } from "./support/devices";
import {
  APP_CALLBACK,
  authorizationRequest,
  catchCallback,
  createClient,
  tokenRequest,
} from "./support/oauth";
import { translator } from "./support/translator";
import { postJson } from "./support/users";

// Consent given for a team (decision record 110): the consent's "For" choice offers the teams
// where the user's role may create; approved for one, the app's token carries `team:{id}`.
for (const variant of LANGUAGE_VARIANTS) {
  test.describe(`Consent for a team (${variant.name})`, () => {
    test.use(variant.use);
    test.describe.configure({ timeout: 180_000 });

    test("the owner approves an app for the team; its token carries the team", async ({
      page,
      users,
      playwright,
      baseURL,
    }) => {
      const t = translator(variant.locale);
      const client = await createClient(await users.admin(), {
        name: `Planner (${variant.slug})`,
        redirect_uris: [APP_CALLBACK],
        confidential: false,
      });
      const owner = await users.create(`team-consent-${variant.slug}`, {
        verified: true,
      });
      const made = await postJson(owner.api, "/teams", { name: "Orbit" });
      expect(made.status()).toBe(200);
      const team = ((await made.json()) as { team: { id: number } }).team.id;

      await users.signIn(owner);
      const reached = await catchCallback(page);
      const request = authorizationRequest(client.id, "openid org");
      await page.goto(request.path);
      const forWhom = page.getByLabel(t("For"), { exact: true });
      await expect(forWhom.getByRole("option").first()).toHaveText(
        t("Only me"),
      );
      await forWhom.selectOption({
        label: t("The team :team", { team: "Orbit" }),
      });
      await expectAccessible(page, `consent for a team (${variant.name})`, {
        screenshot: `team-consent-${variant.slug}`,
      });
      await page.getByRole("button", { name: t("Allow") }).click();
      const callback = await reached();
      const app = await playwright.request.newContext({ baseURL });
      const tokens = await tokenRequest(app, {
        grant_type: "authorization_code",
        client_id: client.id,
        redirect_uri: APP_CALLBACK,
        code: callback.searchParams.get("code") ?? "",
        code_verifier: request.verifier,
      });
      expect(tokens.status()).toBe(200);
      const { access_token: accessToken } = (await tokens.json()) as {
        access_token: string;
      };
      const claims = JSON.parse(
        Buffer.from(accessToken.split(".")[1] ?? "", "base64url").toString(),
      ) as { scopes: string[] };
      expect(claims.scopes).toContain(`team:${team}`);
      await app.dispose();
    });
  });
}
