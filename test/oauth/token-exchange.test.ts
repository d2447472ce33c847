import * as oauth from "oauth4webapi";
import { decodeJwt } from "jose";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  activityLog,
  oauthAccessTokens,
  oauthResources,
  users,
} from "@/db/schema";
import { ADMIN_USER_DELETE_ROUTE, ADMIN_USERS_ROUTE } from "@/lib/admin/routes";
import {
  OAUTH_TOKEN_DESTROY_ROUTE,
  OAUTH_TOKENS_ROUTE,
} from "@/lib/oauth/json-api-routes";
import { OAUTH_RESOURCE_UPDATE_ROUTE } from "@/lib/oauth/resource-routes";
import { consentPage } from "@/lib/oauth/consent-page";
import { signIn, useTestApp } from "../support/app";
import { stepUp } from "../support/two-factor";
import {
  authorizationUrlWithPkce,
  introspected,
  registerPublicApp,
} from "./flows";
import {
  AUTHORIZE,
  clientOptions,
  discover,
  registerClient,
  signedInAdmin,
} from "./support";
import {
  ACCESS_TOKEN,
  createResource,
  EXCHANGE,
  exchangingResource,
  NOTES,
  tokenExchange,
} from "./token-exchange-support";

// RFC 8693 token exchange for a registered resource's own server (decision record 115): the
// server trades the user's token for the resource for a token for this API, acting for the user
// with the resource's exchange scopes; oauth4webapi is the strict client.
const app = useTestApp();

const { setUp, hostTokens, exchangeRequest, exchange } = tokenExchange(app);

/** The OAuth error of a refused exchange, with its status. */
async function refusal(
  server: { id: string; plainSecret: string | null },
  parameters: Record<string, string>,
) {
  const response = await exchangeRequest(server, parameters);
  const body = (await response.json()) as { error: string };
  return `${response.status} ${body.error}`;
}

describe("token exchange for a registered resource's server (decision record 115)", () => {
  it("answers an access token for this API acting for the user, with act, the exchange scopes and no longer than the subject token", async () => {
    app.setNow(new Date(Math.floor(Date.now() / 1000) * 1000));
    const { host, server } = await setUp();
    const as = await discover(app);
    expect(as.grant_types_supported).toContain(EXCHANGE);
    const user = await app.createUser({ email: "ada@example.com" });
    const userAgent = await signIn(app, user);
    const subject = await hostTokens(userAgent, host);
    app.advance(60);
    const exchanged = await exchange(server, subject.access_token);
    expect(exchanged).toMatchObject({
      token_type: "bearer",
      issued_token_type: ACCESS_TOKEN,
      scope: "sessions:read admin",
    });
    expect(exchanged.refresh_token).toBeUndefined();
    // The subject token lives 5 minutes (the resource's); one has passed.
    expect(exchanged.expires_in).toBe(240);
    const claims = decodeJwt(exchanged.access_token);
    expect(claims).toMatchObject({
      aud: server.id,
      sub: String(user.id),
      scopes: ["sessions:read", "admin"],
      act: { sub: server.id },
    });
    expect(claims.exp).toBe(decodeJwt(subject.access_token).exp);
    const [row] = await app.database.db
      .select()
      .from(oauthAccessTokens)
      .where(eq(oauthAccessTokens.id, String(claims.jti)));
    expect(row).toMatchObject({
      clientId: server.id,
      userId: user.id,
      scopes: '["sessions:read","admin"]',
      revoked: false,
    });

    // This API takes it for sessions:read; a user:write route and the admin routes refuse it
    // (the user is no administrator: `admin` opens them only to one).
    const bearer = { bearer: exchanged.access_token };
    const sessions = await app.agent().get("/auth/user/sessions", bearer);
    expect(sessions.status).toBe(200);
    expect(
      (
        await app
          .agent()
          .post("/auth/email-verification-notification", {}, bearer)
      ).status,
    ).toBe(403);
    expect(
      (
        await app
          .agent()
          .get("/api/admin/users", { ...bearer, host: ADMIN_USERS_ROUTE })
      ).status,
    ).toBe(403);

    // The server introspects it as its own; the user sees the server among the authorized apps.
    const described = await introspected(
      app,
      {
        as,
        client: { client_id: server.id },
        auth: oauth.ClientSecretBasic(server.plainSecret ?? ""),
      },
      exchanged.access_token,
    );
    expect(described).toMatchObject({
      active: true,
      client_id: server.id,
      sub: String(user.id),
      scope: "sessions:read admin",
    });
    const apps = await userAgent.get("/oauth/tokens", {
      host: OAUTH_TOKENS_ROUTE,
    });
    expect(
      apps.body.map((token: { client_id: string }) => token.client_id),
    ).toEqual(expect.arrayContaining([host.id, server.id]));
    // Issuing a token writes no activity entry, as the code grant's does not.
    expect(
      await app.database.db
        .select()
        .from(activityLog)
        .where(eq(activityLog.event, "token-created")),
    ).toEqual([]);
  });

  it("an administrator's exchanged token reaches the user search; a scope asked narrows it; `resource` may name this API", async () => {
    const { admin, adminAgent, host, server } = await setUp();
    const subject = await hostTokens(adminAgent, host);
    const full = await exchange(server, subject.access_token);
    const search = await app.agent().get("/api/admin/users?search=admin", {
      bearer: full.access_token,
      host: ADMIN_USERS_ROUTE,
    });
    expect(search.status).toBe(200);
    expect(search.body.data.map((user: { id: number }) => user.id)).toEqual([
      admin.id,
    ]);
    const narrow = await exchange(server, subject.access_token, {
      scope: "sessions:read",
      resource: app.services.env.APP_URL,
    });
    expect(decodeJwt(narrow.access_token)).toMatchObject({
      aud: [server.id, app.services.env.APP_URL],
      scopes: ["sessions:read"],
    });
    expect(
      (
        await app.agent().get("/api/admin/users", {
          bearer: narrow.access_token,
          host: ADMIN_USERS_ROUTE,
        })
      ).status,
    ).toBe(403);
  });

  it("refuses what RFC 8693 §2.2.2 and RFC 6749 §5.2 name, never with a 500", async () => {
    const { adminAgent, host, server } = await setUp();
    const otherResource = "https://calendar.example/api";
    const { server: other } = await exchangingResource(adminAgent, {
      identifier: otherResource,
      name: "Calendar",
      scope: { name: "calendar:read", description: "Read" },
      exchangeScopes: ["sessions:read"],
    });
    const user = await app.createUser({ email: "ada@example.com" });
    const userAgent = await signIn(app, user);
    const subject = (await hostTokens(userAgent, host)).access_token;
    const calendar = (
      await hostTokens(userAgent, host, "calendar:read", otherResource)
    ).access_token;
    const ownApi = (
      await hostTokens(
        userAgent,
        host,
        "sessions:read",
        app.services.env.APP_URL,
      )
    ).access_token;
    const valid = { subject_token: subject, subject_token_type: ACCESS_TOKEN };
    const cases: [string, Promise<string>, string][] = [
      [
        "missing subject_token",
        refusal(server, { subject_token_type: ACCESS_TOKEN }),
        "400 invalid_request",
      ],
      [
        "bad subject_token_type",
        refusal(server, {
          ...valid,
          subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
        }),
        "400 invalid_request",
      ],
      [
        "an actor token",
        refusal(server, {
          ...valid,
          actor_token: subject,
          actor_token_type: ACCESS_TOKEN,
        }),
        "400 invalid_request",
      ],
      [
        "not a token",
        refusal(server, { ...valid, subject_token: "eyJnot.a.token" }),
        "400 invalid_grant",
      ],
      [
        "a token for this API",
        refusal(server, { ...valid, subject_token: ownApi }),
        "400 invalid_grant",
      ],
      ["the wrong client", refusal(other, valid), "400 unauthorized_client"],
      [
        "a token of another resource",
        refusal(server, { ...valid, subject_token: calendar }),
        "400 unauthorized_client",
      ],
      [
        "the host itself (public)",
        refusal(host, valid),
        "400 unauthorized_client",
      ],
      [
        "a wrong secret",
        refusal({ id: server.id, plainSecret: "wrong" }, valid),
        "401 invalid_client",
      ],
      [
        "a scope outside",
        refusal(server, { ...valid, scope: "user:write" }),
        "400 invalid_scope",
      ],
      ["*", refusal(server, { ...valid, scope: "*" }), "400 invalid_scope"],
      [
        "another resource as target",
        refusal(server, { ...valid, resource: NOTES }),
        "400 invalid_target",
      ],
      [
        "an unknown target",
        refusal(server, { ...valid, audience: "https://elsewhere.example" }),
        "400 invalid_target",
      ],
    ];
    for (const [name, answer, expected] of cases)
      expect(`${name}: ${await answer}`).toBe(`${name}: ${expected}`);

    // Expired: the subject token lives 5 minutes.
    app.advance(301);
    expect(await refusal(server, valid)).toBe("400 invalid_grant");
  });

  it("refuses a revoked subject token and one whose user can no longer sign in", async () => {
    const { host, server } = await setUp();
    const user = await app.createUser({ email: "ada@example.com" });
    const userAgent = await signIn(app, user);
    const valid = (token: string) => ({
      subject_token: token,
      subject_token_type: ACCESS_TOKEN,
    });
    const revoked = (await hostTokens(userAgent, host)).access_token;
    const jti = String(decodeJwt(revoked).jti);
    expect(
      (
        await userAgent.delete(`/oauth/tokens/${jti}`, {
          host: OAUTH_TOKEN_DESTROY_ROUTE,
          params: { id: jti },
        })
      ).status,
    ).toBe(204);
    expect(await refusal(server, valid(revoked))).toBe("400 invalid_grant");

    const live = (await hostTokens(userAgent, host)).access_token;
    // Deleted by another writer (a Laravel application on the same tables), its rows left live.
    await app.database.db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(eq(users.id, user.id));
    expect(await refusal(server, valid(live))).toBe("400 invalid_grant");
  });

  it("the exchanged token ends with the user's grant to the host: revoked in the authorized apps, or by the host (RFC 7009)", async () => {
    const { host, server } = await setUp();
    const user = await app.createUser({ email: "ada@example.com" });
    const userAgent = await signIn(app, user);
    const reaches = async (token: string) =>
      (await app.agent().get("/auth/user/sessions", { bearer: token })).status;

    const first = await hostTokens(userAgent, host);
    const exchanged = (await exchange(server, first.access_token)).access_token;
    // Another grant's exchanged token stays: only the grant that ends takes its own with it.
    const second = await hostTokens(userAgent, host);
    const kept = (await exchange(server, second.access_token)).access_token;
    expect(await reaches(exchanged)).toBe(200);
    const jti = String(decodeJwt(first.access_token).jti);
    await userAgent.delete(`/oauth/tokens/${jti}`, {
      host: OAUTH_TOKEN_DESTROY_ROUTE,
      params: { id: jti },
    });
    expect(await reaches(exchanged)).toBe(401);
    expect(await reaches(kept)).toBe(200);
    // Revoking the server's own token in the authorized apps ends none of the host's.
    const third = await hostTokens(userAgent, host);
    const server3 = String(
      decodeJwt((await exchange(server, third.access_token)).access_token).jti,
    );
    await userAgent.delete(`/oauth/tokens/${server3}`, {
      host: OAUTH_TOKEN_DESTROY_ROUTE,
      params: { id: server3 },
    });
    const [hostRow] = await app.database.db
      .select()
      .from(oauthAccessTokens)
      .where(
        eq(oauthAccessTokens.id, String(decodeJwt(third.access_token).jti)),
      );
    expect(hostRow?.revoked).toBe(false);

    const as = await discover(app);
    const revocation = await oauth.revocationRequest(
      as,
      { client_id: host.id },
      oauth.None(),
      second.refresh_token ?? "",
      clientOptions(app),
    );
    await oauth.processRevocationResponse(revocation);
    expect(await reaches(kept)).toBe(401);
  });

  it("an account event ends it as any token (the credential ledger, record 082): the administrator deletes the user", async () => {
    const { adminAgent, host, server } = await setUp();
    const user = await app.createUser({ email: "ada@example.com" });
    const subject = await hostTokens(await signIn(app, user), host);
    const exchanged = (await exchange(server, subject.access_token))
      .access_token;
    const id = String(user.id);
    expect(
      (
        await adminAgent.delete(`/api/admin/users/${id}`, {
          host: ADMIN_USER_DELETE_ROUTE,
          params: { id },
        })
      ).status,
    ).toBe(200);
    const [row] = await app.database.db
      .select()
      .from(oauthAccessTokens)
      .where(eq(oauthAccessTokens.id, String(decodeJwt(exchanged).jti)));
    expect(row?.revoked).toBe(true);
  });
});

describe("a resource's exchange rights in its administration (decision record 115)", () => {
  it("422 for `*`, an unknown scope, scopes without a server, an unknown or public server; listed and cleared by a PUT", async () => {
    const { agent } = await signedInAdmin(app);
    const server = await registerClient(agent, {
      name: "Notes server",
      grant_types: ["client_credentials"],
    });
    const host = await registerPublicApp(agent);
    const base = { identifier: NOTES, name: "Notes API", scopes: [] };
    const refused = async (fields: Record<string, unknown>) => {
      const response = await createResource(agent, { ...base, ...fields });
      return [response.status, Object.keys(response.body.errors ?? {})];
    };
    expect(
      await refused({ exchange_client: server.id, exchange_scopes: ["*"] }),
    ).toEqual([422, ["exchange_scopes"]]);
    expect(
      await refused({
        exchange_client: server.id,
        exchange_scopes: ["notes:read"],
      }),
    ).toEqual([422, ["exchange_scopes"]]);
    expect(await refused({ exchange_scopes: ["sessions:read"] })).toEqual([
      422,
      ["exchange_client"],
    ]);
    expect(
      await refused({
        exchange_client: "nobody",
        exchange_scopes: ["sessions:read"],
      }),
    ).toEqual([422, ["exchange_client"]]);
    expect(
      await refused({
        exchange_client: host.id,
        exchange_scopes: ["sessions:read"],
      }),
    ).toEqual([422, ["exchange_client"]]);
    expect(
      await refused({
        exchange_client: server.id,
        exchange_scopes: ["sessions:read", "sessions:read"],
      }),
    ).toEqual([422, ["exchange_scopes"]]);

    const created = await createResource(agent, {
      ...base,
      exchange_client: server.id,
      exchange_scopes: ["sessions:read", "admin"],
    });
    expect(created.body.resource).toMatchObject({
      exchange_client: server.id,
      exchange_scopes: ["sessions:read", "admin"],
    });
    const id = String(created.body.resource.id);
    const cleared = await agent.put(
      `/api/admin/oauth-resources/${id}`,
      { name: "Notes API", scopes: [] },
      { host: OAUTH_RESOURCE_UPDATE_ROUTE, params: { id } },
    );
    expect(cleared.body.resource).toMatchObject({
      exchange_client: null,
      exchange_scopes: [],
    });
  });
});

describe("the consent tells what the resource's server may do by exchange (decision record 115)", () => {
  it("approving a host for a resource whose server may exchange for a step-up scope asks for a recent password confirmation (423), as asking that scope does", async () => {
    const { host } = await setUp(["sessions:read", "admin"]);
    const as = await discover(app);
    const consentTo = async () => {
      const { url } = await authorizationUrlWithPkce(
        as,
        { clientId: host.id, scope: "notes:read", state: "s" },
        { resource: NOTES },
      );
      const user = await signIn(app, await app.createUser());
      const shown = await user.get(url.pathname + url.search, {
        host: AUTHORIZE,
      });
      const fields = {
        auth_token: shown.body.auth_token,
        state: shown.body.state,
        client_id: shown.body.client_id,
      };
      const approve = () =>
        user.post("/oauth/authorize", fields, { host: AUTHORIZE });
      return { user, approve };
    };
    const admin = await consentTo();
    expect((await admin.approve()).status).toBe(423);
    await stepUp(admin.user);
    expect((await admin.approve()).status).toBe(200);
    // A server that may only read sessions hands over no step-up scope.
    await app.database.db
      .update(oauthResources)
      .set({ exchangeScopes: ["sessions:read"] });
    const reader = await consentTo();
    expect((await reader.approve()).status).toBe(200);
  });

  it("lists the exchange scopes in this server's words for a resource that may exchange, none otherwise", async () => {
    const { host } = await setUp(["sessions:read", "admin"]);
    const as = await discover(app);
    const user = await signIn(app, await app.createUser());
    const shown = async (
      extra: Record<string, string>,
      scope = "notes:read",
    ) => {
      const { url } = await authorizationUrlWithPkce(
        as,
        { clientId: host.id, scope, state: "s" },
        extra,
      );
      return (await user.get(url.pathname + url.search, { host: AUTHORIZE }))
        .body;
    };
    const exchanges = [
      {
        resource: { identifier: NOTES, name: "Notes API" },
        scopes: [
          { id: "sessions:read", description: "See where you are signed in" },
          {
            id: "admin",
            description: "Administer users (administrators only)",
          },
        ],
      },
    ];
    expect((await shown({ resource: NOTES })).exchanges).toEqual(exchanges);
    expect((await shown({}, "openid")).exchanges).toEqual([]);
    // Passport's server-rendered form says it too.
    const page = consentPage({
      action: "/oauth/authorize",
      clientName: "Notes app",
      clientId: host.id,
      scopes: ["notes:read"],
      exchanges,
      state: "s",
      authToken: "t",
      csrfToken: "c",
      userEmail: "ada@example.com",
    });
    expect(page).toContain(
      "On your behalf, the server of <strong>Notes API</strong> will also be able to:</p><ul><li>See where you are signed in</li><li>Administer users (administrators only)</li></ul>",
    );
  });
});
