import * as oauth from "oauth4webapi";
import { createLocalJWKSet, decodeJwt, jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import {
  OAUTH_RESOURCE_DESTROY_ROUTE,
  OAUTH_RESOURCE_METADATA_ROUTE,
  OAUTH_RESOURCE_STORE_ROUTE,
  OAUTH_RESOURCE_UPDATE_ROUTE,
  OAUTH_RESOURCES_ROUTE,
} from "@/lib/oauth/resource-routes";
import type { Agent } from "../support/agent";
import { signIn, useTestApp } from "../support/app";
import { approveCode, registerPublicApp, tokenEndpoint } from "./flows";
import {
  approveDevice,
  AUTHORIZE,
  clientOptions,
  consent,
  discover,
  pipelineFetch,
  REDIRECT_URI,
  registerClient,
  signedInAdmin,
  startDeviceGrant,
} from "./support";
import { authorizationUrlWithPkce } from "./flows";

const app = useTestApp();

const NOTES = "https://notes.example/api";
const NOTES_SCOPES = [
  { name: "notes:read", description: "Read your notes" },
  { name: "notes:write", description: "Write your notes" },
];

const createResource = (agent: Agent, body: Record<string, unknown>) =>
  agent.post("/api/admin/oauth-resources", body, {
    host: OAUTH_RESOURCE_STORE_ROUTE,
  });

/** Our JWKS as a resource server fetches it, and jose's verification of an access token. */
async function verifyAtResource(jwt: string, audience: string) {
  const jwks = (await (
    await pipelineFetch(app)(`${app.services.env.APP_URL}/oauth/jwks`)
  ).json()) as Parameters<typeof createLocalJWKSet>[0];
  return jwtVerify(jwt, createLocalJWKSet(jwks), {
    issuer: app.services.env.APP_URL,
    audience,
  });
}

/** What this application's own API answers a bearer: get-auth and userinfo. */
async function ownApiAnswers(jwt: string) {
  const me = await app.agent().get("/auth/get-auth", { bearer: jwt });
  const info = await pipelineFetch(app)(
    `${app.services.env.APP_URL}/oauth/userinfo`,
    { headers: { authorization: `Bearer ${jwt}` } },
  );
  return { authenticated: me.body.authenticated, userinfo: info.status };
}

const errorOf = async (response: Response) =>
  ((await response.json()) as { error: string }).error;

describe("registered resources (decision record 101)", () => {
  it("the code flow for a registered resource: aud is the resource (and userinfo, with openid), its scopes only, verified by JWKS, refused by this API, kept on refresh", async () => {
    const { agent: admin } = await signedInAdmin(app);
    const registered = await registerPublicApp(admin);
    const created = await createResource(admin, {
      identifier: NOTES,
      name: "Notes API",
      scopes: NOTES_SCOPES,
      clients: [registered.id],
      token_minutes: 5,
    });
    expect(created.status).toBe(201);
    expect(created.body.resource).toMatchObject({
      identifier: NOTES,
      clients: [registered.id],
      token_minutes: 5,
    });

    const as = await discover(app);
    expect(as.scopes_supported).toEqual(
      expect.arrayContaining(["notes:read", "notes:write", "openid"]),
    );
    const client: oauth.Client = { client_id: registered.id };
    const user = await app.createUser({ email: "ada@example.com" });
    const code = await approveCode(
      await signIn(app, user),
      as,
      client,
      { scope: "openid notes:read", state: "s" },
      { resource: `${NOTES}/` },
    );
    const endpoint = tokenEndpoint(app, as, client);
    const tokens = await endpoint.redeem(code);
    expect(tokens.expires_in).toBe(300);
    expect(tokens.id_token).toBeTypeOf("string");
    // With `openid`, the userinfo endpoint is an audience too, and the token keeps `openid`
    // (decision record 112, as Auth0's): the resource server may ask who the user is, no more.
    const userinfo = `${app.services.env.APP_URL}/oauth/userinfo`;
    const verified = await verifyAtResource(tokens.access_token, NOTES);
    expect(verified.payload).toMatchObject({
      aud: [NOTES, userinfo],
      sub: String(user.id),
      scopes: ["openid", "notes:read"],
      client_id: registered.id,
    });
    await expect(
      verifyAtResource(tokens.access_token, app.services.env.APP_URL),
    ).rejects.toThrow();
    expect(await ownApiAnswers(tokens.access_token)).toEqual({
      authenticated: false,
      userinfo: 200,
    });

    // RFC 8707 §2.2: the refresh token keeps the resource.
    const refreshed = await endpoint.refresh(tokens.refresh_token ?? "");
    expect(decodeJwt(refreshed.access_token)).toMatchObject({
      aud: [NOTES, userinfo],
      scopes: ["openid", "notes:read"],
    });

    // Without `openid` the resource is the only audience: userinfo refuses the token too.
    const plain = await endpoint.redeem(
      await approveCode(
        await signIn(app, user),
        as,
        client,
        { scope: "notes:write", state: "s" },
        { resource: NOTES },
      ),
    );
    expect(decodeJwt(plain.access_token)).toMatchObject({
      aud: NOTES,
      scopes: ["notes:write"],
    });
    expect(await ownApiAnswers(plain.access_token)).toEqual({
      authenticated: false,
      userinfo: 401,
    });
  });

  it("client credentials: the resource's scopes and life, introspection reports them; a client not allowed is invalid_target", async () => {
    const { agent: admin } = await signedInAdmin(app);
    const machine = await registerClient(admin, {
      name: "Sync job",
      grant_types: ["client_credentials"],
    });
    const other = await registerClient(admin, {
      name: "Other job",
      grant_types: ["client_credentials"],
    });
    expect(
      (
        await createResource(admin, {
          identifier: NOTES,
          name: "Notes API",
          scopes: NOTES_SCOPES,
          clients: [machine.id],
        })
      ).status,
    ).toBe(201);
    const as = await discover(app);
    const request = (id: string, secret: string, scope: string) =>
      oauth.clientCredentialsGrantRequest(
        as,
        { client_id: id },
        oauth.ClientSecretBasic(secret),
        { scope, resource: NOTES },
        clientOptions(app),
      );
    const tokens = await oauth.processClientCredentialsResponse(
      as,
      { client_id: machine.id },
      await request(machine.id, machine.plainSecret ?? "", "notes:write"),
    );
    expect(tokens.expires_in).toBe(
      app.services.config.oauth["access-token-minutes"] * 60,
    );
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      aud: NOTES,
      sub: machine.id,
      scopes: ["notes:write"],
    });
    const introspected = await oauth.processIntrospectionResponse(
      as,
      { client_id: machine.id },
      await oauth.introspectionRequest(
        as,
        { client_id: machine.id },
        oauth.ClientSecretBasic(machine.plainSecret ?? ""),
        tokens.access_token,
        clientOptions(app),
      ),
    );
    expect(introspected).toMatchObject({
      active: true,
      aud: NOTES,
      scope: "notes:write",
    });

    const refused = await request(
      other.id,
      other.plainSecret ?? "",
      "notes:write",
    );
    expect([refused.status, await errorOf(refused)]).toEqual([
      400,
      "invalid_target",
    ]);
    // A resource's scope without the resource is a scope this server does not know.
    const unnamed = await oauth.clientCredentialsGrantRequest(
      as,
      { client_id: machine.id },
      oauth.ClientSecretBasic(machine.plainSecret ?? ""),
      { scope: "notes:write" },
      clientOptions(app),
    );
    expect(await errorOf(unnamed)).toBe("invalid_scope");
  });

  it("the authorization request of a client the resource does not allow comes back invalid_target", async () => {
    const { agent: admin } = await signedInAdmin(app);
    const registered = await registerPublicApp(admin);
    await createResource(admin, {
      identifier: NOTES,
      name: "Notes API",
      scopes: NOTES_SCOPES,
      clients: [],
    });
    const as = await discover(app);
    const { url } = await authorizationUrlWithPkce(
      as,
      { clientId: registered.id, scope: "notes:read", state: "s" },
      { resource: NOTES },
    );
    const callback = await consent(
      await signIn(app, await app.createUser()),
      url,
    );
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
    expect(callback.searchParams.get("error")).toBe("invalid_target");
  });

  it("the device grant: the resource asked at /oauth/device/code binds the token; refreshing after the resource is deleted is invalid_target", async () => {
    const { agent: admin } = await signedInAdmin(app);
    const created = await createResource(admin, {
      identifier: NOTES,
      name: "Notes API",
      scopes: NOTES_SCOPES,
    });
    const { as, client, started, poll } = await startDeviceGrant(
      app,
      admin,
      "notes:write",
      { resource: NOTES },
    );
    await approveDevice(
      await signIn(app, await app.createUser()),
      started.user_code,
    );
    const tokens = await oauth.processDeviceCodeResponse(
      as,
      client,
      await poll(),
    );
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      aud: NOTES,
      scopes: ["notes:write"],
    });

    const id = String(created.body.resource.id);
    await admin.delete(`/api/admin/oauth-resources/${id}`, {
      host: OAUTH_RESOURCE_DESTROY_ROUTE,
      params: { id },
    });
    const refused = await oauth.refreshTokenGrantRequest(
      as,
      client,
      oauth.None(),
      tokens.refresh_token ?? "",
      clientOptions(app),
    );
    expect([refused.status, await errorOf(refused)]).toEqual([
      400,
      "invalid_target",
    ]);
  });

  it("the consent shows a resource's scope in the resource's words", async () => {
    const { agent: admin } = await signedInAdmin(app);
    const registered = await registerPublicApp(admin);
    await createResource(admin, {
      identifier: NOTES,
      name: "Notes API",
      scopes: NOTES_SCOPES,
    });
    const { url } = await authorizationUrlWithPkce(
      await discover(app),
      { clientId: registered.id, scope: "openid notes:read", state: "s" },
      { resource: NOTES },
    );
    const user = await signIn(app, await app.createUser());
    const shown = await user.get(url.pathname + url.search, {
      host: AUTHORIZE,
    });
    expect(shown.body.scopes).toEqual([
      { id: "openid", description: "Sign you in (OpenID Connect)" },
      { id: "notes:read", description: "Read your notes" },
    ]);
  });

  it("administration: 422 for a bad identifier, a taken one, a scope name, this server's scope, an unknown client; update, delete, 403 for others", async () => {
    const { agent: admin } = await signedInAdmin(app);
    const valid = { name: "Notes API", scopes: NOTES_SCOPES };
    const refusals: [Record<string, unknown>, string][] = [
      [{ ...valid, identifier: "http://notes.example/api" }, "identifier"],
      [{ ...valid, identifier: "https://notes.example/api#x" }, "identifier"],
      [{ ...valid, identifier: "https://notes.example/api?x=1" }, "identifier"],
      [{ ...valid, identifier: "notes" }, "identifier"],
      [{ ...valid, identifier: app.services.env.APP_URL }, "identifier"],
      [
        {
          ...valid,
          identifier: NOTES,
          scopes: [{ name: "Notes Read", description: "" }],
        },
        "scopes.0.name",
      ],
      [
        {
          ...valid,
          identifier: NOTES,
          scopes: [{ name: "admin", description: "" }],
        },
        "scopes",
      ],
      [{ ...valid, identifier: NOTES, clients: ["no-such-client"] }, "clients"],
      [{ ...valid, identifier: NOTES, token_minutes: 0 }, "token_minutes"],
    ];
    for (const [body, field] of refusals) {
      const response = await createResource(admin, body);
      expect([
        response.status,
        Object.keys(response.body.errors ?? {}),
      ]).toEqual([422, [field]]);
    }
    const made = await createResource(admin, { ...valid, identifier: NOTES });
    expect(made.status).toBe(201);
    const again = await createResource(admin, {
      ...valid,
      identifier: "https://NOTES.example:443/api/",
    });
    expect([again.status, Object.keys(again.body.errors)]).toEqual([
      422,
      ["identifier"],
    ]);

    const id = String(made.body.resource.id);
    const updated = await admin.put(
      `/api/admin/oauth-resources/${id}`,
      { name: "Notes", scopes: [NOTES_SCOPES[0]], token_minutes: 10 },
      { host: OAUTH_RESOURCE_UPDATE_ROUTE, params: { id } },
    );
    expect(updated.status).toBe(200);
    expect(updated.body.resource).toMatchObject({
      identifier: NOTES,
      name: "Notes",
      scopes: [NOTES_SCOPES[0]],
      clients: null,
      token_minutes: 10,
    });
    const listed = await admin.get("/api/admin/oauth-resources", {
      host: OAUTH_RESOURCES_ROUTE,
    });
    expect(listed.body.data).toHaveLength(1);

    const someone = await signIn(app, await app.createUser());
    const forbidden = await createResource(someone, {
      ...valid,
      identifier: "https://other.example",
    });
    expect(forbidden.status).toBe(403);

    const remove = () =>
      admin.delete(`/api/admin/oauth-resources/${id}`, {
        host: OAUTH_RESOURCE_DESTROY_ROUTE,
        params: { id },
      });
    expect((await remove()).status).toBe(204);
    expect((await remove()).status).toBe(404);
  });

  it("the metadata document a resource server serves, public; 404 for an unknown resource", async () => {
    const { agent: admin } = await signedInAdmin(app);
    await createResource(admin, {
      identifier: NOTES,
      name: "Notes API",
      scopes: NOTES_SCOPES,
    });
    const fetchMetadata = (resource: string) =>
      app
        .agent()
        .get(
          `/oauth/resource-metadata?resource=${encodeURIComponent(resource)}`,
          { host: OAUTH_RESOURCE_METADATA_ROUTE },
        );
    const document = await fetchMetadata(NOTES);
    expect([document.status, document.body]).toEqual([
      200,
      {
        resource: NOTES,
        resource_name: "Notes API",
        authorization_servers: [app.services.env.APP_URL],
        scopes_supported: ["notes:read", "notes:write"],
        bearer_methods_supported: ["header"],
      },
    ]);
    // oauth4webapi accepts it as the resource's own RFC 9728 document.
    const judged = await oauth.processResourceDiscoveryResponse(
      new URL(NOTES),
      new Response(JSON.stringify(document.body), {
        headers: { "content-type": "application/json" },
      }),
    );
    expect(judged.resource).toBe(NOTES);
    expect((await fetchMetadata("https://unknown.example")).status).toBe(404);
  });

  it("dynamic registration keeps the scopes of a resource open to any client, and trims a restricted one's", async () => {
    const { agent: admin } = await signedInAdmin(app);
    await createResource(admin, {
      identifier: NOTES,
      name: "Notes API",
      scopes: NOTES_SCOPES,
    });
    await createResource(admin, {
      identifier: "https://billing.example",
      name: "Billing",
      scopes: [{ name: "billing:read", description: "" }],
      clients: [],
    });
    const response = await pipelineFetch(app)(
      `${app.services.env.APP_URL}/oauth/register`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          redirect_uris: ["http://127.0.0.1:3999/callback"],
          scope: "openid notes:read billing:read",
        }),
      },
    );
    expect(response.status).toBe(201);
    expect(((await response.json()) as { scope: string }).scope).toBe(
      "openid notes:read",
    );
  });
});
