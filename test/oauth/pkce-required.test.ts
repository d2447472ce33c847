import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { signIn, useTestApp } from "../support/app";
import { authorizationUrl, registerPublicApp, tokenEndpoint } from "./flows";
import {
  AUTHORIZE,
  consent,
  discover,
  REDIRECT_URI,
  registerClient,
  signedInAdmin,
} from "./support";

const app = useTestApp();

/**
 * A web app (confidential) and a public app of an administrator's, then `oauth` configured (the
 * administrator's own configuring would undo it) and a user signed in.
 */
async function clientsAndUser(oauthConfig: Record<string, unknown> = {}) {
  const { agent } = await signedInAdmin(app);
  const web = await registerClient(agent, {
    redirect_uris: [REDIRECT_URI],
    name: "Web app",
    confidential: true,
  });
  const spa = await registerPublicApp(agent);
  app.configure({
    env: { ADMIN_EMAILS: "admin@example.com" },
    auth: { oauth: oauthConfig },
  });
  const userAgent = await signIn(app, await app.createUser());
  return { web, spa, userAgent };
}

/** The authorization URL with `pkce` in its query (none, plain or S256). */
const openidUrl = (
  as: oauth.AuthorizationServer,
  clientId: string,
  pkce: Record<string, string>,
) => authorizationUrl(as, { clientId, scope: "openid", state: "s" }, pkce);

const verifier = oauth.generateRandomCodeVerifier();
const S256 = async () => ({
  code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
  code_challenge_method: "S256",
});
const PLAIN = { code_challenge: verifier, code_challenge_method: "plain" };

/** The error the client hears at its redirect URI, or "code". */
async function answerTo(
  agent: Awaited<ReturnType<typeof clientsAndUser>>["userAgent"],
  url: URL,
) {
  const shown = await agent.get(url.pathname + url.search, {
    host: AUTHORIZE,
  });
  if (typeof shown.body.redirect !== "string") return "consent";
  const callback = new URL(shown.body.redirect);
  return callback.searchParams.get("error") ?? "code";
}

/** The code flow of a confidential client through oauth4webapi: its tokens' access token. */
async function codeFlow(
  as: oauth.AuthorizationServer,
  web: { id: string; plainSecret: string | null },
  agent: Awaited<ReturnType<typeof clientsAndUser>>["userAgent"],
  pkce: Record<string, string>,
  codeVerifier: string | typeof oauth.nopkce,
) {
  const client: oauth.Client = { client_id: web.id };
  const callback = await consent(agent, openidUrl(as, web.id, pkce));
  const tokens = await tokenEndpoint(
    app,
    as,
    client,
    oauth.ClientSecretBasic(web.plainSecret ?? ""),
  ).redeem({
    params: oauth.validateAuthResponse(as, client, callback, "s"),
    verifier: codeVerifier,
  });
  return tokens.access_token;
}

describe("PKCE at /oauth/authorize (OAuth 2.1 §4.1.1, decision record 081)", () => {
  it("is required of confidential clients too, with S256, and the metadata names S256 only", async () => {
    const as = await discover(app);
    const { web, spa, userAgent } = await clientsAndUser();
    for (const client of [web, spa]) {
      const missing = openidUrl(as, client.id, {});
      expect(await answerTo(userAgent, missing), client.id).toBe(
        "invalid_request",
      );
      const plain = openidUrl(as, client.id, PLAIN);
      expect(await answerTo(userAgent, plain), client.id).toBe(
        "invalid_request",
      );
    }
    const missing = openidUrl(as, web.id, {});
    const shown = await userAgent.get(missing.pathname + missing.search, {
      host: AUTHORIZE,
    });
    expect(new URL(shown.body.redirect).searchParams.get("hint")).toBe(
      "Code challenge must be provided (OAuth 2.1: every client)",
    );
    expect(
      await codeFlow(as, web, userAgent, await S256(), verifier),
    ).toBeTruthy();
    expect(as.code_challenge_methods_supported).toEqual(["S256"]);
  });

  it("oauth.require-pkce-for-confidential-clients false: a Passport-era confidential client may omit it or use plain; a public one may not", async () => {
    const { web, spa, userAgent } = await clientsAndUser({
      "require-pkce-for-confidential-clients": false,
    });
    const as = await discover(app);
    expect(as.code_challenge_methods_supported).toEqual(["S256", "plain"]);
    expect(await codeFlow(as, web, userAgent, {}, oauth.nopkce)).toBeTruthy();
    expect(await codeFlow(as, web, userAgent, PLAIN, verifier)).toBeTruthy();
    for (const pkce of [{}, PLAIN])
      expect(await answerTo(userAgent, openidUrl(as, spa.id, pkce))).toBe(
        "invalid_request",
      );
  });
});
