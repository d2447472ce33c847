import * as oauth from "oauth4webapi";
import type { Agent } from "../support/agent";
import { signIn, type TestApp } from "../support/app";
import {
  clientOptions,
  consent,
  discover,
  REDIRECT_URI,
  registerClient,
  signedInAdmin,
} from "./support";

/** What an authorization request of the code flow asks; it returns to REDIRECT_URI unless told. */
export type AuthorizationQuery = {
  clientId: string;
  scope: string;
  state: string;
  redirectUri?: string;
};

/** The authorization URL of the code flow; `extra` (PKCE, nonce, prompt, resource…) joins its query. */
export function authorizationUrl(
  as: oauth.AuthorizationServer,
  query: AuthorizationQuery,
  extra: Record<string, string> = {},
): URL {
  const url = new URL(as.authorization_endpoint ?? "");
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: query.clientId,
    redirect_uri: query.redirectUri ?? REDIRECT_URI,
    scope: query.scope,
    state: query.state,
    ...extra,
  }).toString();
  return url;
}

/** The same with PKCE's S256 challenge of a fresh verifier (RFC 7636 §4), kept for the exchange. */
export async function authorizationUrlWithPkce(
  as: oauth.AuthorizationServer,
  query: AuthorizationQuery,
  extra: Record<string, string> = {},
): Promise<{ url: URL; verifier: string }> {
  const verifier = oauth.generateRandomCodeVerifier();
  const url = authorizationUrl(as, query, {
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    ...extra,
  });
  return { url, verifier };
}

/** A code a user approved for an app, not yet exchanged, with PKCE's verifier beside it. */
export type ApprovedCode = { params: URLSearchParams; verifier: string };

/**
 * The user of `agent` approves `client` through the consent (PKCE with S256), for `teamId` when
 * given: the code it gets.
 */
export async function approveCode(
  agent: Agent,
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  request: Omit<AuthorizationQuery, "clientId"> & { teamId?: number },
  extra: Record<string, string> = {},
): Promise<ApprovedCode> {
  const { url, verifier } = await authorizationUrlWithPkce(
    as,
    { clientId: client.client_id, ...request },
    extra,
  );
  const callback = await consent(agent, url, "approve", request.teamId);
  return {
    params: oauth.validateAuthResponse(as, client, callback, request.state),
    verifier,
  };
}

/**
 * The token endpoint as `client` calls it through oauth4webapi (a public client unless `auth`
 * says otherwise; codes approved at REDIRECT_URI): `exchange` and `refreshRequest` give the
 * response, `redeem` and `refresh` the tokens oauth4webapi accepted.
 */
export function tokenEndpoint(
  app: Pick<TestApp, "services">,
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  auth: oauth.ClientAuth = oauth.None(),
) {
  const options = clientOptions(app);
  const exchange = (code: {
    params: URLSearchParams;
    verifier: string | typeof oauth.nopkce;
  }) =>
    oauth.authorizationCodeGrantRequest(
      as,
      client,
      auth,
      code.params,
      REDIRECT_URI,
      code.verifier,
      options,
    );
  const refreshRequest = (refreshToken: string) =>
    oauth.refreshTokenGrantRequest(as, client, auth, refreshToken, options);
  return {
    exchange,
    refreshRequest,
    redeem: async (
      code: Parameters<typeof exchange>[0],
      checks?: oauth.ProcessAuthorizationCodeResponseOptions,
    ) =>
      oauth.processAuthorizationCodeResponse(
        as,
        client,
        await exchange(code),
        checks,
      ),
    refresh: async (refreshToken: string) =>
      oauth.processRefreshTokenResponse(
        as,
        client,
        await refreshRequest(refreshToken),
      ),
  };
}

/** The user's app most tests authorize: a public client of the code flow, back to REDIRECT_URI. */
export function registerPublicApp(
  agent: Agent,
  fields: Record<string, unknown> = {},
) {
  return registerClient(agent, {
    name: "Notes app",
    redirect_uris: [REDIRECT_URI],
    confidential: false,
    ...fields,
  });
}

/** Whether `accessToken` signs its bearer in (GET /auth/get-auth). */
export async function authenticates(app: TestApp, accessToken: string) {
  const response = await app
    .agent()
    .get("/auth/get-auth", { bearer: accessToken });
  return response.body.authenticated === true;
}

/**
 * A user's access token through the whole code flow (a public client of an administrator's,
 * the user's consent, PKCE), judged by oauth4webapi; `extra` goes into the authorization URL.
 */
export async function userAccessToken(
  app: TestApp,
  scope: string,
  extra: Record<string, string> = {},
  clientId?: string,
) {
  const as = await discover(app);
  const registered = clientId
    ? { id: clientId }
    : await registerPublicApp((await signedInAdmin(app)).agent);
  const user = await app.createUser({ email: "ada@example.com" });
  const userAgent = await signIn(app, user);
  const client: oauth.Client = { client_id: registered.id };
  const code = await approveCode(
    userAgent,
    as,
    client,
    { scope, state: "s" },
    extra,
  );
  const tokens = await tokenEndpoint(app, as, client).redeem(code);
  return {
    as,
    tokens,
    clientId: registered.id,
    user,
    userAgent,
    verifier: code.verifier,
  };
}

/** An administrator's confidential web app of the code flow (so it may introspect), back to REDIRECT_URI. */
export async function registerWebApp(app: TestApp) {
  const registered = await registerClient((await signedInAdmin(app)).agent, {
    name: "Notes app",
    redirect_uris: [REDIRECT_URI],
    confidential: true,
  });
  const client: oauth.Client = { client_id: registered.id };
  return {
    client,
    auth: oauth.ClientSecretBasic(registered.plainSecret ?? ""),
  };
}

/** RFC 7662 introspection of `token` by `client`, judged by oauth4webapi. */
export async function introspected(
  app: Pick<TestApp, "services">,
  setup: {
    as: oauth.AuthorizationServer;
    client: oauth.Client;
    auth: oauth.ClientAuth;
  },
  token: string,
) {
  return oauth.processIntrospectionResponse(
    setup.as,
    setup.client,
    await oauth.introspectionRequest(
      setup.as,
      setup.client,
      setup.auth,
      token,
      clientOptions(app),
    ),
  );
}
