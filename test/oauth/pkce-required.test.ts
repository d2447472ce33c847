import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { signIn, useTestApp } from "../support/app";
import {
  AUTHORIZE,
  clientOptions,
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
  const fields = { redirect_uris: [REDIRECT_URI] };
  const web = await registerClient(agent, {
    ...fields,
    name: "Web app",
    confidential: true,
  });
  const spa = await registerClient(agent, {
    ...fields,
    name: "Notes app",
    confidential: false,
  });
  app.configure({
    env: { ADMIN_EMAILS: "admin@example.com" },
    auth: { oauth: oauthConfig },
  });
  const userAgent = await signIn(app, await app.createUser());
  return { web, spa, userAgent };
}

/** The authorization URL with `pkce` in its query (none, plain or S256). */
async function authorizationUrl(
  as: oauth.AuthorizationServer,
  clientId: string,
  pkce: Record<string, string>,
) {
  const url = new URL(as.authorization_endpoint ?? "");
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    scope: "openid",
    state: "s",
    ...pkce,
  }).toString();
  return url;
}

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
  const callback = await consent(
    agent,
    await authorizationUrl(as, web.id, pkce),
  );
  const tokens = await oauth.processAuthorizationCodeResponse(
    as,
    client,
    await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.ClientSecretBasic(web.plainSecret ?? ""),
      oauth.validateAuthResponse(as, client, callback, "s"),
      REDIRECT_URI,
      codeVerifier,
      clientOptions(app),
    ),
  );
  return tokens.access_token;
}

describe("PKCE at /oauth/authorize (OAuth 2.1 §4.1.1, decision record 081)", () => {
  it("is required of confidential clients too, with S256, and the metadata names S256 only", async () => {
    const as = await discover(app);
    const { web, spa, userAgent } = await clientsAndUser();
    for (const client of [web, spa]) {
      const missing = await authorizationUrl(as, client.id, {});
      expect(await answerTo(userAgent, missing), client.id).toBe(
        "invalid_request",
      );
      const plain = await authorizationUrl(as, client.id, PLAIN);
      expect(await answerTo(userAgent, plain), client.id).toBe(
        "invalid_request",
      );
    }
    const missing = await authorizationUrl(as, web.id, {});
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
      expect(
        await answerTo(userAgent, await authorizationUrl(as, spa.id, pkce)),
      ).toBe("invalid_request");
  });
});
