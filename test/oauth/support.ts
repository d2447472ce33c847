import * as oauth from "oauth4webapi";
import * as openid from "openid-client";
import type { User } from "@/db/schema";
import { OAUTH_CLIENT_STORE_ROUTE } from "@/lib/oauth/json-api-routes";
import { HOST_ROUTES } from "@/lib/runtime/routes";
import { routeByPath } from "@/lib/runtime/next-adapter";
import type { Agent } from "../support/agent";
import { signIn, type TestApp } from "../support/app";
import { stepUp } from "../support/two-factor";

/**
 * Sends a request of a third-party client (no cookie) through the real pipeline, by its path as
 * the catch-all route files do (lib/runtime/next-adapter.ts `routeByPath`): the configured
 * `oauth.path` is translated on the way in as in production.
 */
export function pipelineFetch(app: Pick<TestApp, "services">) {
  return async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!request.headers.has("x-forwarded-for"))
      request.headers.set("x-forwarded-for", "127.0.0.1");
    return routeByPath(request, new URL(request.url).pathname, app.services);
  };
}

/** oauth4webapi's options for talking to the in-process server over plain http. */
export function clientOptions(app: Pick<TestApp, "services">) {
  return {
    [oauth.customFetch]: pipelineFetch(app),
    [oauth.allowInsecureRequests]: true,
  };
}

/** openid-client's configuration of a public client, discovered through the real pipeline. */
export function openidConfig(
  app: Pick<TestApp, "services">,
  clientId: string,
): Promise<openid.Configuration> {
  return openid.discovery(
    new URL(app.services.env.APP_URL),
    clientId,
    undefined,
    openid.None(),
    {
      execute: [openid.allowInsecureRequests],
      [openid.customFetch]: (url, options) =>
        pipelineFetch(app)(url, options as RequestInit),
    },
  );
}

/** An authorization request as openid-client builds it, with PKCE and a state to check. */
export async function openidRequest(
  config: openid.Configuration,
  extra: Record<string, string> = {},
) {
  const verifier = openid.randomPKCECodeVerifier();
  const state = openid.randomState();
  const url = openid.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT_URI,
    scope: "openid profile email",
    code_challenge: await openid.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    ...extra,
  });
  return { url, checks: { pkceCodeVerifier: verifier, expectedState: state } };
}

export async function discover(
  app: Pick<TestApp, "services">,
): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(app.services.env.APP_URL);
  return oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, {
      ...clientOptions(app),
      algorithm: "oidc",
    }),
  );
}

/** An administrator, signed in: the one who registers clients through the JSON API. */
export async function signedInAdmin(
  app: TestApp,
): Promise<{ admin: User; agent: Agent }> {
  const admin = await app.createUser({ email: "admin@example.com" });
  app.configure({ env: { ADMIN_EMAILS: "admin@example.com" } });
  return { admin, agent: await signIn(app, admin) };
}

export type RegisteredClient = {
  id: string;
  plainSecret: string | null;
  body: Record<string, unknown>;
};

/**
 * Registers a client through POST /oauth/clients, as its owner would: with a recent confirmation
 * of the session (the `adds` class, decision record 082).
 */
export async function registerClient(
  agent: Agent,
  fields: Record<string, unknown>,
): Promise<RegisteredClient> {
  await stepUp(agent);
  const response = await agent.post("/oauth/clients", fields, {
    host: OAUTH_CLIENT_STORE_ROUTE,
  });
  if (response.status !== 201)
    throw new Error(`client not created: ${response.status} ${response.text}`);
  return {
    id: response.body.id,
    plainSecret: response.body.plainSecret,
    body: response.body,
  };
}

/**
 * A confidential machine client (grant `client_credentials`, scope `tokens:write`), registered by
 * an administrator: its id and plain secret.
 */
export async function machineClient(
  app: TestApp,
): Promise<{ id: string; secret: string }> {
  const { agent } = await signedInAdmin(app);
  const client = await registerClient(agent, {
    name: "Billing job",
    grant_types: ["client_credentials"],
    scopes: ["tokens:write"],
  });
  return { id: client.id, secret: client.plainSecret ?? "" };
}

export const REDIRECT_URI = "https://app.example/callback";

const route = (path: string) => {
  const found = HOST_ROUTES.find((candidate) => candidate.path === path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
};
export const AUTHORIZE = route("/oauth/authorize");
const DEVICE_AUTHORIZE = route("/oauth/device/authorize");

/**
 * The browser's part of the code flow: the signed-in user opens the authorization URL, the
 * consent's JSON comes back, the user approves (for `teamId`, when given: decision record 110);
 * returns the redirect the client receives.
 */
export async function consent(
  agent: Agent,
  authorizationUrl: URL,
  decision: "approve" | "deny" = "approve",
  teamId?: number,
): Promise<URL> {
  const shown = await agent.get(
    authorizationUrl.pathname + authorizationUrl.search,
    {
      host: AUTHORIZE,
    },
  );
  if (shown.status !== 200)
    throw new Error(`consent not shown: ${shown.status} ${shown.text}`);
  if (typeof shown.body.redirect === "string")
    return new URL(shown.body.redirect);
  const fields = {
    auth_token: shown.body.auth_token,
    state: shown.body.state,
    client_id: shown.body.client_id,
    ...(teamId === undefined ? {} : { team_id: teamId }),
  };
  const answered =
    decision === "approve"
      ? await agent.post("/oauth/authorize", fields, { host: AUTHORIZE })
      : await agent.request("DELETE", "/oauth/authorize", {
          json: fields,
          host: AUTHORIZE,
        });
  if (answered.status !== 200)
    throw new Error(
      `consent not answered: ${answered.status} ${answered.text}`,
    );
  return new URL(answered.body.redirect);
}

/** A client-credentials request judged by oauth4webapi: the token, or the OAuth error code. */
export async function clientCredentials(
  app: TestApp,
  id: string,
  secret: string,
): Promise<string> {
  const as = await discover(app);
  const client: oauth.Client = { client_id: id };
  try {
    const tokens = await oauth.processClientCredentialsResponse(
      as,
      client,
      await oauth.clientCredentialsGrantRequest(
        as,
        client,
        oauth.ClientSecretBasic(secret),
        { scope: "tokens:write" },
        clientOptions(app),
      ),
    );
    return tokens.access_token ? "token" : "none";
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError) return error.error;
    // A 401 with `WWW-Authenticate: Basic` (league's invalid_client) is a challenge to oauth4webapi.
    if (error instanceof oauth.WWWAuthenticateChallengeError)
      return ((await error.response.json()) as { error: string }).error;
    throw error;
  }
}

/**
 * A public client of the device grant, registered by `admin`, and its device authorization
 * (RFC 8628 §3.1) through the metadata's endpoint, with `parameters` (a `resource`) beside the
 * scope; `poll` asks the token endpoint once.
 */
export async function startDeviceGrant(
  app: TestApp,
  admin: Agent,
  scope = "user:write",
  parameters: Record<string, string> = {},
) {
  const as = await discover(app);
  const registered = await registerClient(admin, {
    name: "Command line",
    confidential: false,
    grant_types: [
      "urn:ietf:params:oauth:grant-type:device_code",
      "refresh_token",
    ],
  });
  const client: oauth.Client = { client_id: registered.id };
  const started = await oauth.processDeviceAuthorizationResponse(
    as,
    client,
    await oauth.deviceAuthorizationRequest(
      as,
      client,
      oauth.None(),
      { scope, ...parameters },
      clientOptions(app),
    ),
  );
  const poll = () =>
    oauth.deviceCodeGrantRequest(
      as,
      client,
      oauth.None(),
      started.device_code,
      clientOptions(app),
    );
  return { as, client, started, poll };
}

/** The signed-in user of `agent` approves the device that shows `userCode`: the consent, then the approval. */
export async function approveDevice(agent: Agent, userCode: string) {
  const shown = await agent.get(
    `/oauth/device/authorize?user_code=${userCode}`,
    { host: DEVICE_AUTHORIZE },
  );
  return agent.post(
    "/oauth/device/authorize",
    { auth_token: shown.body.auth_token },
    { host: DEVICE_AUTHORIZE },
  );
}

/**
 * A public client of the code flow registering itself (RFC 7591) as an MCP host does, judged by
 * oauth4webapi; `metadata` adds to or overrides what such a host sends.
 */
export async function registerItself(
  app: Pick<TestApp, "services">,
  metadata: Record<string, unknown>,
) {
  return oauth.processDynamicClientRegistrationResponse(
    await oauth.dynamicClientRegistrationRequest(
      await discover(app),
      {
        redirect_uris: [REDIRECT_URI],
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        ...metadata,
      },
      clientOptions(app),
    ),
  );
}
