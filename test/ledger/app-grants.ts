import * as oauth from "oauth4webapi";
import { DEVICE_AUTHORIZE_ROUTE, OAUTH_DEVICE_ROUTE } from "@/lib/oauth/routes";
import type { Agent } from "../support/agent";
import type { TestApp } from "../support/app";
import {
  type ApprovedCode,
  approveCode,
  registerPublicApp,
  tokenEndpoint,
} from "../oauth/flows";
import { discover, startDeviceGrant } from "../oauth/support";

/** What third-party apps hold for the owner: tokens, a code and a device code, each once. */
export type AppGrants = {
  as: oauth.AuthorizationServer;
  /** An administrator's public client of the code flow with PKCE. */
  app: oauth.Client;
  accessToken: string;
  refreshToken: string;
  code: ApprovedCode;
  /** The same, approved for the owner's team (decision record 110): they carry `team:{id}`. */
  teamAccessToken: string;
  teamRefreshToken: string;
  teamCode: ApprovedCode;
  /** An administrator's public client of the device grant. */
  device: oauth.Client;
  /** Polls the device code the owner approved, which nobody polled before. */
  pollDevice: () => Promise<Response>;
};

/** An app's token reads the account only through its profile scopes (get-auth's appScopes). */
const PROFILE = { scope: "profile", state: "s" };

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

/**
 * The apps `admin` registers, approved by the owner's signed-in `owner` browser, also for `team`.
 * The team's first: a user's approval of the same scopes would skip the screen that offers it.
 */
export async function seedAppGrants(
  app: TestApp,
  admin: Agent,
  owner: Agent,
  team: number,
): Promise<AppGrants> {
  const as = await discover(app);
  const registered = await registerPublicApp(admin);
  const client: oauth.Client = { client_id: registered.id };
  const forTeam = { ...PROFILE, teamId: team };
  const teamTokens = await tokenEndpoint(app, as, client).redeem(
    await approveCode(owner, as, client, forTeam),
  );
  const teamCode = await approveCode(owner, as, client, forTeam);
  const tokens = await tokenEndpoint(app, as, client).redeem(
    await approveCode(owner, as, client, PROFILE),
  );
  const code = await approveCode(owner, as, client, PROFILE);
  const device = await startDeviceGrant(app, admin);
  await approveDevice(owner, device.started.user_code);
  return {
    as,
    app: client,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token ?? "",
    code,
    teamAccessToken: teamTokens.access_token,
    teamRefreshToken: teamTokens.refresh_token ?? "",
    teamCode,
    device: device.client,
    pollDevice: device.poll,
  };
}
