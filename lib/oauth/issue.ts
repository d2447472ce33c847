import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { SignJWT } from "jose";
import type { Db } from "@/db/client";
import {
  type OAuthClient,
  oauthAccessTokens,
  oauthRefreshTokens,
} from "@/db/schema";
import type { Context } from "@/lib/server/context";
import { encryptPayload } from "@/lib/oauth/encryption";
import { oauthKeys } from "@/lib/oauth/keys";
import { audience, resourcesField } from "@/lib/oauth/resources";

/** Passport's defaults (`tokensExpireIn`, `refreshTokensExpireIn`: one year; codes ten minutes). */
export const LIFETIMES = {
  accessToken: 365 * 24 * 3600,
  refreshToken: 365 * 24 * 3600,
  authCode: 10 * 60,
  deviceCode: 10 * 60,
} as const;

/** league's identifiers: `bin2hex(random_bytes(40))`, 80 hex characters. */
export const newIdentifier = () => randomBytes(40).toString("hex");

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
/** Laravel's timestamp(0) columns hold whole seconds. */
const wholeSeconds = (date: Date) => new Date(seconds(date) * 1000);

export type Grant = {
  client: OAuthClient;
  /** The user the token acts for; null for client credentials. */
  userId: number | null;
  scopes: string[];
  /** A personal access token's name (Passport's `createToken($name)`); null for the grants. */
  name?: string;
  /**
   * RFC 8707's resources: the access token's audiences beside its client; a refresh token keeps
   * the whole grant's (decision record 074).
   */
  resources?: readonly string[];
};

/**
 * An access token as league's `AccessTokenTrait::convertToJWT` writes it (header
 * `{"typ":"JWT","alg":"RS256"}`, claims aud, jti, iat, nbf, exp, sub, scopes in that order;
 * `sub` is the client's id for client credentials, as league 9 does), and its row as Passport's
 * AccessTokenRepository writes it. `aud` is the client's id, or `[client id, …resources]` when
 * resources were asked for (decision record 074).
 */
export async function issueAccessToken(
  ctx: Pick<Context, "db" | "env" | "now">,
  grant: Grant,
): Promise<{ id: string; jwt: string; expiresIn: number }> {
  const id = newIdentifier();
  const issuedAt = seconds(ctx.now);
  const expiresAt = issuedAt + LIFETIMES.accessToken;
  const keys = await oauthKeys(ctx.env);
  const jwt = await new SignJWT({
    aud: audience(grant.client.id, grant.resources),
    jti: id,
    iat: issuedAt,
    nbf: issuedAt,
    exp: expiresAt,
    sub: grant.userId === null ? grant.client.id : String(grant.userId),
    scopes: grant.scopes,
  })
    .setProtectedHeader({ typ: "JWT", alg: "RS256" })
    .sign(keys.privateKey);
  await ctx.db.insert(oauthAccessTokens).values({
    id,
    userId: grant.userId,
    clientId: grant.client.id,
    name: grant.name ?? null,
    scopes: JSON.stringify(grant.scopes),
    revoked: false,
    createdAt: wholeSeconds(ctx.now),
    updatedAt: wholeSeconds(ctx.now),
    expiresAt: new Date(expiresAt * 1000),
  });
  return { id, jwt, expiresIn: LIFETIMES.accessToken };
}

/**
 * A refresh token: its row, and the defuse ciphertext of league's payload (client_id,
 * refresh_token_id, access_token_id, scopes, user_id as a string as Passport 13 writes it,
 * expire_time, and this server's `resources` when the grant named any) that the client holds.
 */
export async function issueRefreshToken(
  ctx: Pick<Context, "db" | "env" | "now">,
  grant: Grant & { userId: number },
  accessTokenId: string,
): Promise<string> {
  const id = newIdentifier();
  const expireTime = seconds(ctx.now) + LIFETIMES.refreshToken;
  await ctx.db.insert(oauthRefreshTokens).values({
    id,
    accessTokenId,
    revoked: false,
    expiresAt: new Date(expireTime * 1000),
  });
  return encryptPayload(ctx.env, {
    client_id: grant.client.id,
    refresh_token_id: id,
    access_token_id: accessTokenId,
    scopes: grant.scopes,
    user_id: String(grant.userId),
    expire_time: expireTime,
    ...resourcesField(grant.resources ?? []),
  });
}

/**
 * Reuse detection (decision record 050): Passport's tables link a refresh token to its access
 * token only, not to the grant it descends from, so the family of a replayed refresh token or
 * code is every token the client holds for that user — all revoked.
 */
export async function revokeFamily(
  db: Db,
  clientId: string,
  userId: number,
): Promise<void> {
  const revoked = await db
    .update(oauthAccessTokens)
    .set({ revoked: true })
    .where(
      and(
        eq(oauthAccessTokens.clientId, clientId),
        eq(oauthAccessTokens.userId, userId),
      ),
    )
    .returning({ id: oauthAccessTokens.id });
  if (revoked.length === 0) return;
  await db
    .update(oauthRefreshTokens)
    .set({ revoked: true })
    .where(
      inArray(
        oauthRefreshTokens.accessTokenId,
        revoked.map((row) => row.id),
      ),
    );
}

/** The token endpoint's success (league's BearerTokenResponse): no caching, fields in its order. */
export function tokenResponse(body: {
  expires_in: number;
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  scope?: string;
}): Response {
  return new Response(JSON.stringify({ token_type: "Bearer", ...body }), {
    status: 200,
    headers: {
      Pragma: "no-cache",
      "Cache-Control": "no-store",
      "Content-Type": "application/json; charset=UTF-8",
    },
  });
}
