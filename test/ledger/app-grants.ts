import * as oauth from "oauth4webapi";
import { DEVICE_AUTHORIZE_ROUTE, OAUTH_DEVICE_ROUTE } from "@/lib/oauth/routes";
import type { Agent } from "../support/agent";
import type { TestApp } from "../support/app";
import {
  clientOptions,
  consent,
  discover,
  REDIRECT_URI,
  registerClient,
  startDeviceGrant,
} from "../oauth/support";

/** A code the owner approved for an app, not yet exchanged (PKCE's verifier beside it). */
type ApprovedCode = { params: URLSearchParams; verifier: string };

/** What third-party apps hold for the owner: tokens, a code and a device code, each once. */
export type AppGrants = {
  as: oauth.AuthorizationServer;
  /** An administrator's public client of the code flow with PKCE. */
  app: oauth.Client;
  accessToken: string;
  refreshToken: string;
  code: ApprovedCode;
  /** An administrator's public client of the device grant. */
  device: oauth.Client;
  /** Polls the device code the owner approved, which nobody polled before. */
  pollDevice: () => Promise<Response>;
};

async function approveCode(
  agent: Agent,
  as: oauth.AuthorizationServer,
  client: oauth.Client,
): Promise<ApprovedCode> {
  const verifier = oauth.generateRandomCodeVerifier();
  const url = new URL(as.authorization_endpoint ?? "");
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: client.client_id,
    redirect_uri: REDIRECT_URI,
    // An app's token reads the account only through its profile scopes (get-auth's appScopes).
    scope: "profile",
    state: "s",
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  }).toString();
  const callback = await consent(agent, url);
  return {
    params: oauth.validateAuthResponse(as, client, callback, "s"),
    verifier,
  };
}

/** The owner approves a device's user code from a signed-in browser (RFC 8628 §3.3). */
async function approveDevice(agent: Agent, userCode: string): Promise<void> {
  const entry = await agent.get(`/oauth/device?user_code=${userCode}`, {
    host: OAUTH_DEVICE_ROUTE,
  });
  const shown = await agent.get(entry.body.redirect as string, {
    host: DEVICE_AUTHORIZE_ROUTE,
  });
  const approved = await agent.post(
    "/oauth/device/authorize",
    { auth_token: shown.body.auth_token },
    { host: DEVICE_AUTHORIZE_ROUTE },
  );
  if (approved.body?.approved !== true)
    throw new Error(`device not approved: ${approved.text}`);
}

/** The apps `admin` registers, approved by the owner's signed-in `owner` browser. */
export async function seedAppGrants(
  app: TestApp,
  admin: Agent,
  owner: Agent,
): Promise<AppGrants> {
  const as = await discover(app);
  const registered = await registerClient(admin, {
    name: "Notes app",
    redirect_uris: [REDIRECT_URI],
    confidential: false,
  });
  const client: oauth.Client = { client_id: registered.id };
  const first = await approveCode(owner, as, client);
  const tokens = await oauth.processAuthorizationCodeResponse(
    as,
    client,
    await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      first.params,
      REDIRECT_URI,
      first.verifier,
      clientOptions(app),
    ),
  );
  const code = await approveCode(owner, as, client);
  const device = await startDeviceGrant(app, admin);
  await approveDevice(owner, device.started.user_code);
  return {
    as,
    app: client,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token ?? "",
    code,
    device: device.client,
    pollDevice: device.poll,
  };
}
