import "server-only";
import { randomInt } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { oauthDeviceCodeResources, oauthDeviceCodes } from "@/db/schema";
import type { Context } from "@/lib/server/context";
import { authenticateClient } from "@/lib/oauth/client-authentication";
import { allowedScopes, hasGrant } from "@/lib/oauth/clients";
import { encryptPayload } from "@/lib/oauth/encryption";
import { invalidScope, unauthorizedClient } from "@/lib/oauth/errors";
import { LIFETIMES, newIdentifier } from "@/lib/oauth/issue";
import { DEVICE_PATHS } from "@/lib/oauth/paths";
import { toPublicPath } from "@/lib/oauth/path-prefix";
import { oauthEndpoint } from "@/lib/oauth/protocol-endpoint";
import {
  bodyResources,
  checkedResources,
  resourceScopes,
  resourcesField,
} from "@/lib/oauth/resources";
import { parseScopes, refusedScope } from "@/lib/oauth/scopes";

/** RFC 8628 §3.2's polling interval, league's default. */
export const DEVICE_INTERVAL_SECONDS = 5;

// league's DeviceCodeGrant::generateUserCode: eight characters without vowels (no words).
const USER_CODE_CHARACTERS = "BCDFGHJKLMNPQRSTVWXZ";

const newUserCode = () =>
  Array.from(
    { length: 8 },
    () => USER_CODE_CHARACTERS[randomInt(USER_CODE_CHARACTERS.length)],
  ).join("");

/** What a person types: case and a dash or spaces do not matter (`bcdf-ghjk`). */
export const normalizeUserCode = (value: unknown) =>
  typeof value === "string"
    ? value
        .toUpperCase()
        .replace(/[^A-Z]/g, "")
        .slice(0, 8)
    : "";

/**
 * POST /oauth/device/code (RFC 8628 §3.1, Passport's `passport.device.code`): a client allowed
 * the device grant gets a device code (league's encrypted payload, its row in
 * `oauth_device_codes`) and a user code to type at the verification URI. RFC 8707's `resource`s
 * ride in the device code's payload, and beside its row for the user's approval (migration 0022).
 */
export const deviceCodeEndpoint = oauthEndpoint(async (ctx, input) => {
  const client = await authenticateClient(ctx, input);
  if (!hasGrant(client, "urn:ietf:params:oauth:grant-type:device_code"))
    throw unauthorizedClient();
  const resources = await checkedResources(
    ctx,
    client.id,
    await bodyResources(ctx),
  );
  const scopes = parseScopes(input.scope);
  const refused = refusedScope(
    scopes,
    allowedScopes(client),
    resourceScopes(resources),
  );
  if (refused !== null) throw invalidScope(refused);
  const id = newIdentifier();
  const expireTime =
    Math.floor(ctx.now.getTime() / 1000) + LIFETIMES.deviceCode;
  const verificationUri =
    ctx.env.APP_URL + toPublicPath(DEVICE_PATHS.entry, ctx.config.oauth.path);
  // The row and its resources together: an approval never reads the one without the other.
  const userCode = await ctx.db.transaction(async (tx) => {
    for (let attempt = 0; attempt <= 5; attempt++) {
      const typed = newUserCode();
      const inserted = await tx
        .insert(oauthDeviceCodes)
        .values({
          id,
          userId: null,
          clientId: client.id,
          userCode: typed,
          scopes: JSON.stringify(scopes),
          revoked: false,
          expiresAt: new Date(expireTime * 1000),
        })
        .onConflictDoNothing()
        .returning({ id: oauthDeviceCodes.id });
      if (inserted.length === 0) continue;
      if (resources.identifiers.length > 0)
        await tx
          .insert(oauthDeviceCodeResources)
          .values({ deviceCodeId: id, resources: resources.identifiers });
      return typed;
    }
    throw new Error("no free user code");
  });
  const deviceCode = await encryptPayload(ctx.env, {
    client_id: client.id,
    device_code_id: id,
    scopes,
    user_code: userCode,
    expire_time: expireTime,
    verification_uri: verificationUri,
    ...resourcesField(resources.identifiers),
  });
  return Response.json(
    {
      device_code: deviceCode,
      user_code: userCode,
      verification_uri: verificationUri,
      verification_uri_complete: `${verificationUri}?user_code=${userCode}`,
      expires_in: LIFETIMES.deviceCode,
      interval: DEVICE_INTERVAL_SECONDS,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
});

/** The live, unanswered device code a person typed; null for anything else. */
export async function pendingDeviceCode(ctx: Context, userCode: string) {
  if (userCode.length !== 8) return null;
  const [row] = await ctx.db
    .select()
    .from(oauthDeviceCodes)
    .where(
      and(
        eq(oauthDeviceCodes.userCode, userCode),
        eq(oauthDeviceCodes.revoked, false),
        isNull(oauthDeviceCodes.userApprovedAt),
        gt(oauthDeviceCodes.expiresAt, ctx.now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The RFC 8707 resources a device code was asked for (none: this API only). */
export async function deviceCodeResources(
  db: Db,
  deviceCodeId: string,
): Promise<string[]> {
  const [row] = await db
    .select({ resources: oauthDeviceCodeResources.resources })
    .from(oauthDeviceCodeResources)
    .where(eq(oauthDeviceCodeResources.deviceCodeId, deviceCodeId))
    .limit(1);
  return row?.resources ?? [];
}
