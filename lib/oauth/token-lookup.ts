import "server-only";
import { and, eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import {
  type OAuthAccessToken,
  oauthAccessTokens,
  oauthRefreshTokens,
} from "@/db/schema";
import type { Context } from "@/lib/server/context";
import { verifyAccessToken } from "@/lib/oauth/bearer";
import { decryptPayload } from "@/lib/oauth/encryption";
import { endExchangedTokens } from "@/lib/oauth/token-families";

export type FoundToken =
  | {
      kind: "access_token";
      token: OAuthAccessToken;
      exp: number;
      iat: number;
      /** The JWT's `aud`: the client's id, or it and the RFC 8707 resources. */
      aud: string | string[];
    }
  | {
      kind: "refresh_token";
      id: string;
      accessTokenId: string;
      clientId: string;
      userId: string;
      scopes: string[];
      exp: number;
    };

/** A verified access token (`jwt`) and its live row, as revocation and introspection describe it. */
export function accessTokenFound(
  jwt: string,
  token: OAuthAccessToken,
  aud: unknown,
): FoundToken {
  const claims = decodeJwt(jwt);
  return {
    kind: "access_token",
    token,
    exp: Number(claims.exp),
    iat: Number(claims.iat),
    aud:
      typeof aud === "string" || Array.isArray(aud)
        ? (aud as string | string[])
        : token.clientId,
  };
}

/**
 * What a presented token is, for revocation and introspection: a live access token (JWT,
 * verified, row not revoked) or a live refresh token (decrypts, row not revoked, not expired).
 */
export async function findLiveToken(
  ctx: Context,
  value: string,
): Promise<FoundToken | null> {
  if (value.startsWith("eyJ")) {
    const row = await verifyAccessToken(ctx, value);
    return row ? accessTokenFound(value, row.token, row.aud) : null;
  }
  const payload = await decryptPayload(ctx.env, value);
  if (!payload || typeof payload.refresh_token_id !== "string") return null;
  const exp = Number(payload.expire_time);
  if (!(exp >= Math.floor(ctx.now.getTime() / 1000))) return null;
  const [row] = await ctx.db
    .select()
    .from(oauthRefreshTokens)
    .where(
      and(
        eq(oauthRefreshTokens.id, payload.refresh_token_id),
        eq(oauthRefreshTokens.revoked, false),
      ),
    )
    .limit(1);
  if (!row) return null;
  return {
    kind: "refresh_token",
    id: row.id,
    accessTokenId: row.accessTokenId,
    clientId: String(payload.client_id),
    userId: String(payload.user_id),
    scopes: Array.isArray(payload.scopes)
      ? payload.scopes.filter((s): s is string => typeof s === "string")
      : [],
    exp,
  };
}

/**
 * Revokes an access token with its refresh tokens, or a refresh token with its access token, and
 * the tokens other clients got by exchanging one of the grant's (decision record 115).
 */
export async function revokeFound(ctx: Context, found: FoundToken) {
  const accessTokenId =
    found.kind === "access_token" ? found.token.id : found.accessTokenId;
  await endExchangedTokens(
    ctx.db,
    found.kind === "access_token"
      ? found.token
      : {
          id: accessTokenId,
          clientId: found.clientId,
          userId: /^\d{1,15}$/.test(found.userId) ? Number(found.userId) : null,
        },
  );
  await ctx.db
    .update(oauthAccessTokens)
    .set({ revoked: true })
    .where(eq(oauthAccessTokens.id, accessTokenId));
  await ctx.db
    .update(oauthRefreshTokens)
    .set({ revoked: true })
    .where(eq(oauthRefreshTokens.accessTokenId, accessTokenId));
}
