import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { USER_UPDATE_ROUTE } from "@/lib/users/routes";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import {
  authorizationUrlWithPkce,
  registerPublicApp,
  tokenEndpoint,
} from "./flows";
import {
  AUTHORIZE,
  consent,
  discover,
  REDIRECT_URI,
  registerClient,
  signedInAdmin,
} from "./support";

const app = useTestApp();

async function setup(fields: Record<string, unknown> = {}) {
  const as = await discover(app);
  const { agent } = await signedInAdmin(app);
  const registered = await registerPublicApp(agent, fields);
  const user = await app.createUser();
  return {
    as,
    adminAgent: agent,
    user,
    registered,
    client: { client_id: registered.id } as oauth.Client,
    userAgent: await signIn(app, user),
  };
}

const authorize = (
  as: oauth.AuthorizationServer,
  clientId: string,
  extra: Record<string, string> = {},
) =>
  authorizationUrlWithPkce(
    as,
    { clientId, scope: "user:write profile", state: "s1" },
    extra,
  );

const exchange = (
  ctx: Awaited<ReturnType<typeof setup>>,
  params: URLSearchParams,
  verifier: string,
) => tokenEndpoint(app, ctx.as, ctx.client).exchange({ params, verifier });

const INVALID_GRANT =
  "The provided authorization grant (e.g., authorization code, resource owner credentials) or refresh token is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.";

describe("the RFCs' errors of the code flow", () => {
  it("a wrong code_verifier: invalid_grant, league's words", async () => {
    const ctx = await setup();
    const { url } = await authorize(ctx.as, ctx.registered.id);
    const params = oauth.validateAuthResponse(
      ctx.as,
      ctx.client,
      await consent(ctx.userAgent, url),
      "s1",
    );
    const response = await exchange(
      ctx,
      params,
      oauth.generateRandomCodeVerifier(),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "invalid_grant",
      error_description: INVALID_GRANT,
      hint: "Failed to verify `code_verifier`.",
    });
  });

  it("a code that does not decrypt, or was issued to another client: invalid_grant (RFC 6749 §5.2), league's hints", async () => {
    const ctx = await setup();
    const otherApp = await registerPublicApp(ctx.adminAgent);
    const other = { ...ctx, client: { client_id: otherApp.id } };
    const { url, verifier } = await authorize(ctx.as, ctx.registered.id);
    const params = oauth.validateAuthResponse(
      ctx.as,
      ctx.client,
      await consent(ctx.userAgent, url),
      "s1",
    );
    const callback = new URL(REDIRECT_URI);
    callback.search = new URLSearchParams({
      code: "not-a-code",
      state: "s1",
      iss: ctx.as.issuer,
    }).toString();
    const garbage = oauth.validateAuthResponse(
      ctx.as,
      ctx.client,
      callback,
      "s1",
    );
    for (const [sent, client, hint] of [
      [garbage, ctx, "Cannot decrypt the authorization code"],
      [params, other, "Authorization code was not issued to this client"],
    ] as const) {
      const response = await exchange(client, sent, verifier);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: "invalid_grant",
        error_description: INVALID_GRANT,
        hint,
      });
    }
  });

  it("a reused code: invalid_grant, and the tokens it issued are revoked", async () => {
    const ctx = await setup();
    const { url, verifier } = await authorize(ctx.as, ctx.registered.id);
    const params = oauth.validateAuthResponse(
      ctx.as,
      ctx.client,
      await consent(ctx.userAgent, url),
      "s1",
    );
    const first = await oauth.processAuthorizationCodeResponse(
      ctx.as,
      ctx.client,
      await exchange(ctx, params, verifier),
    );
    const me = () =>
      app.agent().get("/auth/get-auth", { bearer: first.access_token });
    expect((await me()).body.authenticated).toBe(true);
    const again = await exchange(ctx, params, verifier);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      error: "invalid_grant",
      error_description: INVALID_GRANT,
      hint: "Authorization code has been revoked",
    });
    expect((await me()).body.authenticated).toBe(false);
  });

  it("an unregistered redirect URI is never redirected to: invalid_client", async () => {
    const ctx = await setup();
    const { url } = await authorize(ctx.as, ctx.registered.id, {
      redirect_uri: "https://evil.example/callback",
    });
    const response = await ctx.userAgent.get(url.pathname + url.search, {
      host: AUTHORIZE,
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("location")).toBeNull();
    expect(response.body).toEqual({
      error: "invalid_client",
      error_description: "Client authentication failed",
    });
  });

  it("a scope outside the client's list: invalid_scope at the redirect URI", async () => {
    const ctx = await setup();
    // The administrator allows this client `user:write` only.
    const limited = await registerClient(ctx.adminAgent, {
      name: "Limited",
      redirect_uris: [REDIRECT_URI],
      confidential: false,
      grant_types: ["authorization_code", "refresh_token"],
      scopes: ["user:write"],
    });
    const { url } = await authorize(ctx.as, limited.id, {
      scope: "user:write admin",
    });
    const response = await ctx.userAgent.get(url.pathname + url.search, {
      host: AUTHORIZE,
    });
    const callback = new URL(response.body.redirect);
    expect(callback.searchParams.get("error")).toBe("invalid_scope");
    expect(callback.searchParams.get("hint")).toBe("Check the `admin` scope");
    expect(callback.searchParams.get("state")).toBe("s1");
    expect(() =>
      oauth.validateAuthResponse(
        ctx.as,
        { client_id: limited.id },
        callback,
        "s1",
      ),
    ).toThrow(oauth.AuthorizationResponseError);
  });

  it("a public client without PKCE, or with plain, is refused", async () => {
    const ctx = await setup();
    for (const extra of [
      { code_challenge: "", code_challenge_method: "" },
      {
        code_challenge: "a".repeat(43),
        code_challenge_method: "plain",
      },
    ]) {
      const { url } = await authorize(ctx.as, ctx.registered.id, extra);
      const response = await ctx.userAgent.get(url.pathname + url.search, {
        host: AUTHORIZE,
      });
      const callback = new URL(response.body.redirect);
      expect(callback.searchParams.get("error")).toBe("invalid_request");
    }
  });

  it("an OAuth token's scopes act as abilities: user:write may update the profile, openid may not", async () => {
    const ctx = await setup();
    const tokenFor = async (scope: string) => {
      const { url, verifier } = await authorize(ctx.as, ctx.registered.id, {
        scope,
      });
      const params = oauth.validateAuthResponse(
        ctx.as,
        ctx.client,
        await consent(ctx.userAgent, url),
        "s1",
      );
      return (
        await oauth.processAuthorizationCodeResponse(
          ctx.as,
          ctx.client,
          await exchange(ctx, params, verifier),
        )
      ).access_token;
    };
    const update = (token: string) =>
      app.agent().put(
        "/api/app/user/update",
        { user_id: ctx.user.id, name: "New Name" },
        {
          bearer: token,
          host: USER_UPDATE_ROUTE,
        },
      );
    const reader = await tokenFor("openid");
    const refused = await update(reader);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Invalid ability provided.");
    const writer = await tokenFor("user:write");
    const accepted = await update(writer);
    expect(accepted.text).toContain("New Name");
    expect(accepted.status).toBe(200);
  });

  it("consent to a scope that hands over credentials needs a recent password confirmation (423)", async () => {
    const ctx = await setup();
    const { url } = await authorize(ctx.as, ctx.registered.id, {
      scope: "tokens:write",
    });
    const shown = await ctx.userAgent.get(url.pathname + url.search, {
      host: AUTHORIZE,
    });
    const fields = {
      auth_token: shown.body.auth_token,
      state: shown.body.state,
      client_id: shown.body.client_id,
    };
    const refused = await ctx.userAgent.post("/oauth/authorize", fields, {
      host: AUTHORIZE,
    });
    expect(refused.status).toBe(423);
    const confirmed = await ctx.userAgent.post("/auth/user/confirm-password", {
      password: PASSWORD,
    });
    expect(confirmed.status).toBe(201);
    const approved = await ctx.userAgent.post("/oauth/authorize", fields, {
      host: AUTHORIZE,
    });
    expect(approved.status).toBe(200);
    expect(new URL(approved.body.redirect).searchParams.get("code")).toMatch(
      /^def50200/,
    );
  });
});
