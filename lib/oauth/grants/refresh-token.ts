import "server-only";
import { and, eq } from "drizzle-orm";
import {
  type OAuthClient,
  oauthAccessTokens,
  oauthRefreshTokens,
} from "@/db/schema";
import type { Context } from "@/lib/server/context";
import { hasGrant } from "@/lib/oauth/clients";
import { decryptPayload } from "@/lib/oauth/encryption";
import {
  invalidRefreshToken,
  invalidRequest,
  invalidScope,
  unauthorizedClient,
} from "@/lib/oauth/errors";
import {
  issueAccessToken,
  issueRefreshToken,
  tokenResponse,
} from "@/lib/oauth/issue";
import { familyOf, revokeFamily } from "@/lib/oauth/token-families";
import {
  accessTarget,
  userinfoAudience,
  bodyResources,
  grantedResources,
  tokenResources,
} from "@/lib/oauth/resources";
import { parseScopes } from "@/lib/oauth/scopes";
import { keepingTheTeam } from "@/lib/oauth/team-consent";
import { userAlive } from "@/lib/oauth/grants/live-user";

/**
 * `grant_type=refresh_token` (league's RefreshTokenGrant): the token decrypts under APP_KEY —
 * Passport's own included — belongs to this client and has not expired. It is rotated: the old
 * refresh and access tokens are revoked in the same step, and a revoked one presented again
 * revokes its grant's family, never the client's other grants (decision record 081). The grant's RFC 8707 resources stay with the new
 * refresh token; the access token gets those the request names, within them (decision record 074).
 */
export async function refreshTokenGrant(
  ctx: Context,
  input: Record<string, unknown>,
  client: OAuthClient,
): Promise<Response> {
  if (!hasGrant(client, "refresh_token")) throw unauthorizedClient();
  if (typeof input.refresh_token !== "string")
    throw invalidRequest("refresh_token");
  const payload = await decryptPayload(ctx.env, input.refresh_token);
  if (!payload) throw invalidRefreshToken("Cannot decrypt the refresh token");
  if (payload.client_id !== client.id)
    throw invalidRefreshToken("Token is not linked to client");
  const nowSeconds = Math.floor(ctx.now.getTime() / 1000);
  if (
    typeof payload.expire_time !== "number" ||
    payload.expire_time < nowSeconds
  )
    throw invalidRefreshToken("Token has expired");
  const userId = Number(payload.user_id);
  const tokenId = payload.refresh_token_id;
  if (!Number.isSafeInteger(userId) || typeof tokenId !== "string")
    throw invalidRefreshToken("Cannot decrypt the refresh token");
  const original = Array.isArray(payload.scopes)
    ? payload.scopes.filter(
        (scope): scope is string => typeof scope === "string",
      )
    : [];
  const requested = parseScopes(input.scope);
  const widened = requested.find((scope) => !original.includes(scope));
  if (widened !== undefined) throw invalidScope(widened);
  const granted = grantedResources(payload);
  const resources = await tokenResources(
    ctx,
    client.id,
    await bodyResources(ctx),
    granted,
  );
  const [rotated] = await ctx.db
    .update(oauthRefreshTokens)
    .set({ revoked: true })
    .where(
      and(
        eq(oauthRefreshTokens.id, tokenId),
        eq(oauthRefreshTokens.revoked, false),
        userAlive(userId),
      ),
    )
    .returning({ accessTokenId: oauthRefreshTokens.accessTokenId });
  if (!rotated) {
    const family =
      typeof payload.access_token_id === "string"
        ? familyOf(payload.access_token_id)
        : null;
    if (family) await revokeFamily(ctx.db, client.id, userId, family);
    throw invalidRefreshToken("Token has been revoked");
  }
  await ctx.db
    .update(oauthAccessTokens)
    .set({ revoked: true })
    .where(eq(oauthAccessTokens.id, rotated.accessTokenId));
  const grant = {
    client,
    userId,
    scopes: keepingTheTeam(original, requested),
    family: familyOf(rotated.accessTokenId) ?? undefined,
  };
  const access = await issueAccessToken(ctx, {
    ...grant,
    ...accessTarget(resources, grant.scopes, userinfoAudience(ctx)),
  });
  const refresh = await issueRefreshToken(
    ctx,
    { ...grant, resources: granted },
    access.id,
  );
  return tokenResponse({
    expires_in: access.expiresIn,
    access_token: access.jwt,
    refresh_token: refresh,
  });
}
