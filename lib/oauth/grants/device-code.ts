import "server-only";
import { userAlive } from "@/lib/oauth/grants/live-user";
import { and, eq } from "drizzle-orm";
import { type OAuthClient, oauthDeviceCodes } from "@/db/schema";
import type { Context } from "@/lib/server/context";
import { hasGrant } from "@/lib/oauth/clients";
import {
  pollingIntervalSeconds,
  recordSlowDown,
} from "@/lib/oauth/device-polling";
import { decryptPayload } from "@/lib/oauth/encryption";
import {
  accessDenied,
  devicePolling,
  invalidGrant,
  invalidRequest,
  unauthorizedClient,
} from "@/lib/oauth/errors";
import {
  issueAccessToken,
  issueRefreshToken,
  tokenResponse,
} from "@/lib/oauth/issue";
import {
  accessTarget,
  userinfoAudience,
  bodyResources,
  grantedResources,
  tokenResources,
} from "@/lib/oauth/resources";
import { readScopes } from "@/lib/oauth/scopes";
import { familyOf } from "@/lib/oauth/token-families";

/**
 * `grant_type=urn:ietf:params:oauth:grant-type:device_code` (RFC 8628 §3.4–3.5, league's
 * DeviceCodeGrant): polled until the user answers. Sooner than the interval: `slow_down`, and
 * the interval grows by five seconds for the rest of the code's life (decision record 081);
 * unanswered: `authorization_pending`; denied: `access_denied`; past its life: `expired_token`.
 * Approved, it is used once: tokens for the user who approved, for the resources the device code
 * was asked for (RFC 8707; the request may name some of them).
 */
export async function deviceCodeGrant(
  ctx: Context,
  input: Record<string, unknown>,
  client: OAuthClient,
): Promise<Response> {
  if (!hasGrant(client, "urn:ietf:params:oauth:grant-type:device_code"))
    throw unauthorizedClient();
  if (typeof input.device_code !== "string")
    throw invalidRequest("device_code");
  const payload = await decryptPayload(ctx.env, input.device_code);
  if (!payload || typeof payload.device_code_id !== "string")
    throw invalidRequest("device_code", "Cannot decrypt the device code");
  if (payload.client_id !== client.id)
    throw invalidRequest(
      "device_code",
      "Device code was not issued to this client",
    );
  const granted = grantedResources(payload);
  const resources = await tokenResources(
    ctx,
    client.id,
    await bodyResources(ctx),
    granted,
  );
  const [row] = await ctx.db
    .select()
    .from(oauthDeviceCodes)
    .where(eq(oauthDeviceCodes.id, payload.device_code_id))
    .limit(1);
  if (!row) throw invalidGrant("Device code has been revoked");
  if (!row.expiresAt || row.expiresAt.getTime() <= ctx.now.getTime())
    throw devicePolling("expired_token");
  if (row.revoked && row.userApprovedAt === null)
    throw accessDenied("The user denied the request");
  if (row.revoked) throw invalidGrant("Device code has been revoked");
  const lastPolled = row.lastPolledAt?.getTime();
  await ctx.db
    .update(oauthDeviceCodes)
    .set({ lastPolledAt: ctx.now })
    .where(eq(oauthDeviceCodes.id, row.id));
  // last_polled_at keeps whole seconds (timestamp(0) rounds): this poll is measured the same way,
  // so a device that waits exactly the interval is never slowed down by the rounding.
  const polledAt = Math.round(ctx.now.getTime() / 1000) * 1000;
  if (
    lastPolled !== undefined &&
    polledAt - lastPolled <
      (await pollingIntervalSeconds(ctx.db, row.id, ctx.now)) * 1000
  ) {
    await recordSlowDown(ctx.db, row.id, row.expiresAt, ctx.now);
    throw devicePolling("slow_down");
  }
  if (row.userApprovedAt === null || row.userId === null)
    throw devicePolling("authorization_pending");
  const [claimed] = await ctx.db
    .update(oauthDeviceCodes)
    .set({ revoked: true })
    .where(
      and(
        eq(oauthDeviceCodes.id, row.id),
        eq(oauthDeviceCodes.revoked, false),
        userAlive(row.userId),
      ),
    )
    .returning({ id: oauthDeviceCodes.id });
  if (!claimed) throw invalidGrant("Device code has been revoked");
  const grant = {
    client,
    userId: row.userId,
    scopes: readScopes(row.scopes),
    family: familyOf(row.id) ?? undefined,
  };
  const access = await issueAccessToken(ctx, {
    ...grant,
    ...accessTarget(resources, grant.scopes, userinfoAudience(ctx)),
  });
  const refresh = hasGrant(client, "refresh_token")
    ? await issueRefreshToken(ctx, { ...grant, resources: granted }, access.id)
    : undefined;
  return tokenResponse({
    expires_in: access.expiresIn,
    access_token: access.jwt,
    ...(refresh ? { refresh_token: refresh } : {}),
  });
}
