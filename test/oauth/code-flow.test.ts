import * as oauth from "oauth4webapi";
import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import { signIn, useTestApp } from "../support/app";
import {
  authorizationUrlWithPkce,
  registerPublicApp,
  tokenEndpoint,
} from "./flows";
import {
  AUTHORIZE,
  clientOptions,
  consent,
  discover,
  pipelineFetch,
  REDIRECT_URI,
  signedInAdmin,
} from "./support";

const app = useTestApp();

/** A user's app through the JSON API, and that user signed in. */
async function publicClientAndUser() {
  const { agent } = await signedInAdmin(app);
  const registered = await registerPublicApp(agent);
  const user = await app.createUser({ name: "Ada", email: "ada@example.com" });
  return { registered, user, userAgent: await signIn(app, user) };
}

/** This file's request: OpenID's scopes and a nonce, with PKCE. */
const authorizationUrl = (
  as: oauth.AuthorizationServer,
  clientId: string,
  extra: Record<string, string> = {},
) =>
  authorizationUrlWithPkce(
    as,
    { clientId, scope: "openid profile email", state: "xyz-state" },
    { nonce: "n-0S6_WzA2Mj", ...extra },
  );

describe("authorization code + PKCE through the consent, judged by oauth4webapi", () => {
  it("discovers, authorizes, exchanges, validates the id_token, reads userinfo, refreshes with rotation", async () => {
    const as = await discover(app);
    expect(as.issuer).toBe(app.services.env.APP_URL);
    expect(as.authorization_response_iss_parameter_supported).toBe(true);
    const resource = await pipelineFetch(app)(
      `${as.issuer}/.well-known/oauth-protected-resource`,
    );
    expect(await resource.json()).toMatchObject({
      resource: as.issuer,
      authorization_servers: [as.issuer],
    });
    const { registered, user, userAgent } = await publicClientAndUser();
    expect(registered.plainSecret).toBeNull();
    const client: oauth.Client = { client_id: registered.id };
    const { url, verifier } = await authorizationUrl(as, registered.id);

    const callback = await consent(userAgent, url);
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
    expect(callback.searchParams.get("code")).toMatch(/^def50200[0-9a-f]+$/);
    const params = oauth.validateAuthResponse(
      as,
      client,
      callback,
      "xyz-state",
    );

    const endpoint = tokenEndpoint(app, as, client);
    const response = await endpoint.exchange({ params, verifier });
    expect(response.headers.get("cache-control")).toBe("no-store");
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      response,
      { expectedNonce: "n-0S6_WzA2Mj", requireIdToken: true },
    );
    expect(tokens.token_type).toBe("bearer");
    expect(tokens.refresh_token).toMatch(/^def50200/);
    const claims = oauth.getValidatedIdTokenClaims(tokens);
    expect(claims?.sub).toBe(String(user.id));
    expect(claims?.nonce).toBe("n-0S6_WzA2Mj");
    expect(typeof claims?.auth_time).toBe("number");
    expect(claims?.amr).toEqual(["pwd"]);

    // The ID token's signature, against the published key set.
    const published = await pipelineFetch(app)(as.jwks_uri ?? "");
    const jwks = createLocalJWKSet((await published.json()) as JSONWebKeySet);
    await expect(
      jwtVerify(tokens.id_token ?? "", jwks, {
        issuer: as.issuer,
        audience: registered.id,
      }),
    ).resolves.toBeTruthy();

    const info = await oauth.processUserInfoResponse(
      as,
      client,
      String(user.id),
      await oauth.userInfoRequest(
        as,
        client,
        tokens.access_token,
        clientOptions(app),
      ),
    );
    expect(info).toMatchObject({ name: "Ada", email: "ada@example.com" });

    // Rotation: the new pair works, the old refresh token now revokes the family.
    const refreshed = await endpoint.refresh(tokens.refresh_token ?? "");
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    const signedIn = await app.agent().get("/auth/get-auth", {
      bearer: refreshed.access_token,
    });
    expect(signedIn.body).toMatchObject({ authenticated: true });
    expect(signedIn.body.user.email).toBe("ada@example.com");
    // The rotated access token is revoked with its refresh token.
    const rotatedOut = await app.agent().get("/auth/get-auth", {
      bearer: tokens.access_token,
    });
    expect(rotatedOut.body.authenticated).toBe(false);
    const replay = await endpoint.refreshRequest(tokens.refresh_token ?? "");
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({
      error: "invalid_grant",
      error_description: "The refresh token is invalid.",
      hint: "Token has been revoked",
    });
    // The family is gone: the rotated refresh token and its access token too.
    const afterReuse = await endpoint.refreshRequest(
      refreshed.refresh_token ?? "",
    );
    expect(afterReuse.status).toBe(400);
    const me = await app.agent().get("/auth/get-auth", {
      bearer: refreshed.access_token,
    });
    expect(me.body.authenticated).toBe(false);
  });

  it("skips the consent for a client already approved for the same scopes", async () => {
    const as = await discover(app);
    const { registered, userAgent } = await publicClientAndUser();
    const client: oauth.Client = { client_id: registered.id };
    const first = await authorizationUrl(as, registered.id);
    const code = oauth.validateAuthResponse(
      as,
      client,
      await consent(userAgent, first.url),
      "xyz-state",
    );
    await tokenEndpoint(app, as, client).redeem(
      { params: code, verifier: first.verifier },
      { expectedNonce: "n-0S6_WzA2Mj" },
    );
    const again = await authorizationUrl(as, registered.id);
    const shown = await userAgent.get(again.url.pathname + again.url.search, {
      host: AUTHORIZE,
    });
    expect(shown.status).toBe(200);
    expect(shown.body.redirect).toContain("code=def50200");
    expect(shown.body.auth_token).toBeUndefined();
    // The owner is told of the approval once, not of the consent it skipped (decision record 028).
    const notices = (await app.mail()).filter(
      (mail) =>
        mail.to.includes("ada@example.com") &&
        mail.text.includes(
          "The app “Notes app” was allowed to use your account.",
        ),
    );
    expect(notices).toHaveLength(1);
  });

  it("answers access_denied at the redirect URI when the user denies, with state and iss", async () => {
    const as = await discover(app);
    const { registered, userAgent } = await publicClientAndUser();
    const { url } = await authorizationUrl(as, registered.id);
    const callback = await consent(userAgent, url, "deny");
    expect(callback.searchParams.get("state")).toBe("xyz-state");
    expect(callback.searchParams.get("error")).toBe("access_denied");
    expect(callback.searchParams.get("iss")).toBe(as.issuer);
    expect(() =>
      oauth.validateAuthResponse(
        as,
        { client_id: registered.id },
        callback,
        "xyz-state",
      ),
    ).toThrow(oauth.AuthorizationResponseError);
  });

  it("needs a signed-in session: JSON asks for one, a browser goes to the login page", async () => {
    const as = await discover(app);
    const { registered } = await publicClientAndUser();
    const { url } = await authorizationUrl(as, registered.id);
    const guest = app.agent();
    const json = await guest.get(url.pathname + url.search, {
      host: AUTHORIZE,
    });
    expect(json.status).toBe(401);
    const browser = await guest.get(url.pathname + url.search, {
      host: AUTHORIZE,
      asJson: false,
    });
    expect(browser.status).toBe(302);
    expect(browser.headers.get("location")).toMatch(
      /^\/auth\/login\?redirect=%2Foauth%2Fauthorize/,
    );
  });

  it("prompt=none: login_required without a session, consent_required before an approval", async () => {
    const as = await discover(app);
    const { registered, userAgent } = await publicClientAndUser();
    const { url } = await authorizationUrl(as, registered.id, {
      prompt: "none",
    });
    const path = url.pathname + url.search;
    const guest = await app.agent().get(path, { host: AUTHORIZE });
    expect(new URL(guest.body.redirect).searchParams.get("error")).toBe(
      "login_required",
    );
    const signedIn = await userAgent.get(path, { host: AUTHORIZE });
    expect(new URL(signedIn.body.redirect).searchParams.get("error")).toBe(
      "consent_required",
    );
  });

  it("draws the consent as an HTML form carrying auth_token, state and client_id", async () => {
    const as = await discover(app);
    const { registered, userAgent } = await publicClientAndUser();
    const { url } = await authorizationUrl(as, registered.id);
    const page = await userAgent.get(url.pathname + url.search, {
      host: AUTHORIZE,
      asJson: false,
    });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.text).toContain("Notes app");
    expect(page.text).toMatch(/name="auth_token" value="Fe26\.2\*/);
    expect(page.text).toContain('name="state" value="xyz-state"');
    expect(page.text).toContain(`name="client_id" value="${registered.id}"`);
  });
});
