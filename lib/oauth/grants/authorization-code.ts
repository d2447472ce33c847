import "server-only";
import { userAlive } from "@/lib/oauth/grants/live-user";
import { and, eq } from "drizzle-orm";
import { type OAuthClient, oauthAuthCodes } from "@/db/schema";
import type { Context } from "@/lib/server/context";
import { hasGrant } from "@/lib/oauth/clients";
import { decryptPayload } from "@/lib/oauth/encryption";
import {
  invalidGrant,
  invalidRequest,
  unauthorizedClient,
} from "@/lib/oauth/errors";
import { verifyPkce } from "@/lib/oauth/grants/pkce";
import { issueIdToken } from "@/lib/oauth/id-token";
import { sentClientId } from "@/lib/oauth/client-metadata-documents";
import { ORG_SCOPE, orgClaim } from "@/lib/oauth/org-claim";
import { userClaims } from "@/lib/oauth/user-claims";
import { findUserById } from "@/lib/users/users";
import {
  accessTarget,
  userinfoAudience,
  bodyResources,
  grantedResources,
  tokenResources,
} from "@/lib/oauth/resources";
import {
  issueAccessToken,
  issueRefreshToken,
  tokenResponse,
} from "@/lib/oauth/issue";
import { familyOf, revokeFamily } from "@/lib/oauth/token-families";

const stringList = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((item): item is string => typeof item === "string")
    : [];

/** The user's claims for the ID token, read only when a scope reveals any. */
async function claimsOf(ctx: Context, userId: number, scopes: string[]) {
  const revealing = ["profile", "email", ORG_SCOPE, "*"];
  if (!scopes.some((scope) => revealing.includes(scope))) return {};
  const user = await findUserById(ctx.db, userId);
  if (!user) return {};
  return {
    ...userClaims(user, scopes, ctx.env.APP_URL),
    ...(await orgClaim(ctx.db, ctx.config, user, scopes)),
  };
}

/**
 * `grant_type=authorization_code` (league's AuthCodeGrant::respondToAccessTokenRequest): the
 * code decrypts under APP_KEY, belongs to this client, has not expired, names the same redirect
 * URI, passes PKCE, asks for no resource outside the code's (RFC 8707), and is used once — a
 * second use revokes the tokens it issued, its family (decision record 081).
 */
export async function authorizationCodeGrant(
  ctx: Context,
  input: Record<string, unknown>,
  client: OAuthClient,
): Promise<Response> {
  if (!hasGrant(client, "authorization_code")) throw unauthorizedClient();
  if (typeof input.code !== "string") throw invalidRequest("code");
  const payload = await decryptPayload(ctx.env, input.code);
  // RFC 6749 §5.2: a grant that is invalid or "was issued to another client" is invalid_grant
  // (league answers invalid_request here; its hints are kept). Issue 47, the wire points.
  if (!payload) throw invalidGrant("Cannot decrypt the authorization code");
  if (payload.client_id !== client.id)
    throw invalidGrant("Authorization code was not issued to this client");
  const nowSeconds = Math.floor(ctx.now.getTime() / 1000);
  if (
    typeof payload.expire_time !== "number" ||
    payload.expire_time < nowSeconds
  )
    throw invalidGrant("Authorization code has expired");
  if (typeof payload.redirect_uri === "string" && payload.redirect_uri !== "") {
    if (typeof input.redirect_uri !== "string")
      throw invalidRequest("redirect_uri");
    if (input.redirect_uri !== payload.redirect_uri)
      throw invalidRequest("redirect_uri", "Invalid redirect URI");
  }
  verifyPkce(
    payload.code_challenge,
    payload.code_challenge_method,
    input.code_verifier,
  );
  const granted = grantedResources(payload);
  const resources = await tokenResources(
    ctx,
    client.id,
    await bodyResources(ctx),
    granted,
  );
  const userId = Number(payload.user_id);
  const codeId = payload.auth_code_id;
  const family = typeof codeId === "string" ? familyOf(codeId) : null;
  if (!Number.isSafeInteger(userId) || typeof codeId !== "string" || !family)
    throw invalidGrant("Cannot decrypt the authorization code");
  const claimed = await ctx.db
    .update(oauthAuthCodes)
    .set({ revoked: true })
    .where(
      and(
        eq(oauthAuthCodes.id, codeId),
        eq(oauthAuthCodes.revoked, false),
        userAlive(userId),
      ),
    )
    .returning({ id: oauthAuthCodes.id });
  if (claimed.length === 0) {
    // Used before (or revoked): whatever it issued is revoked too (OAuth 2.1 §4.1.3).
    await revokeFamily(ctx.db, client.id, userId, family);
    throw invalidGrant("Authorization code has been revoked");
  }
  const scopes = stringList(payload.scopes);
  const grant = { client, userId, scopes, family };
  const access = await issueAccessToken(ctx, {
    ...grant,
    ...accessTarget(resources, scopes, userinfoAudience(ctx)),
  });
  const refresh = hasGrant(client, "refresh_token")
    ? await issueRefreshToken(ctx, { ...grant, resources: granted }, access.id)
    : undefined;
  const idToken = scopes.includes("openid")
    ? await issueIdToken(ctx, {
        client,
        audience: sentClientId(client, input.client_id),
        userId,
        nonce: typeof payload.nonce === "string" ? payload.nonce : undefined,
        sid: typeof payload.sid === "string" ? payload.sid : undefined,
        authTime:
          typeof payload.auth_time === "number" ? payload.auth_time : undefined,
        amr: stringList(payload.amr),
        acr: typeof payload.acr === "string" ? payload.acr : undefined,
        claims: await claimsOf(ctx, userId, scopes),
      })
    : undefined;
  return tokenResponse({
    expires_in: access.expiresIn,
    access_token: access.jwt,
    ...(refresh ? { refresh_token: refresh } : {}),
    ...(idToken ? { id_token: idToken } : {}),
  });
}
