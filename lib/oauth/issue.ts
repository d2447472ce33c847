import "server-only";
import { randomBytes } from "node:crypto";
import { SignJWT } from "jose";
import {
  type OAuthClient,
  oauthAccessTokens,
  oauthRefreshTokens,
} from "@/db/schema";
import { writeInOneStatement } from "@/db/one-statement";
import type { Context } from "@/lib/server/context";
import { dueClientUse } from "@/lib/oauth/client-usage";
import { encryptPayload } from "@/lib/oauth/encryption";
import { issuer } from "@/lib/oauth/id-token";
import { oauthKeys, signingKid } from "@/lib/oauth/keys";
import { audience, resourcesField } from "@/lib/oauth/resources";
import { idInFamily } from "@/lib/oauth/token-families";

/**
 * Lifetimes in seconds that no setting changes: codes ten minutes, and a personal access token
 * a year (Passport's `personalAccessTokensExpireIn`). Access and refresh tokens of the grants
 * live `oauth.access-token-minutes` and `oauth.refresh-token-days` (decision record 081).
 */
export const LIFETIMES = {
  personalAccessToken: 365 * 24 * 3600,
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
  /**
   * A registered resource's identifier: then the token's `aud` (decision record 101), with the
   * userinfo endpoint's URL when the grant has `openid` (decision record 112).
   */
  audience?: string | string[];
  /** The family its tokens join (lib/oauth/token-families.ts); none for a token that starts no chain. */
  family?: string;
  /** Seconds the access token lives, when not `oauth.access-token-minutes` (a personal access token, a registered resource's). */
  lifetimeSeconds?: number;
  /** The client acting for the user, an exchanged token's RFC 8693 §4.1 `act` (decision record 115). */
  actor?: string;
};

/**
 * An access token as league's `AccessTokenTrait::convertToJWT` writes it (header
 * `{"typ":"JWT","alg":"RS256"}`, claims aud, jti, iat, nbf, exp, sub, scopes in that order;
 * `sub` is the client's id for client credentials, as league 9 does), and its row as Passport's
 * AccessTokenRepository writes it. `aud` is the client's id, or `[client id, …resources]` when
 * this API was asked for (decision record 074), or a registered resource's identifier (decision
 * record 101), with the userinfo endpoint's URL when the grant has `openid` (decision record 112).
 */
export async function issueAccessToken(
  ctx: Pick<Context, "db" | "env" | "now" | "config">,
  grant: Grant,
): Promise<{ id: string; jwt: string; expiresIn: number }> {
  const { row, ...token } = await signAccessToken(ctx, grant);
  // The client's use, when due, goes with the row: one statement (decision record 104).
  const use = dueClientUse(ctx, grant.client.id);
  await writeInOneStatement(
    ctx.db,
    ctx.db.insert(oauthAccessTokens).values(row),
    use ? [use] : [],
  );
  return token;
}

/** The signed JWT of `issueAccessToken` and the row it would write, not written yet. */
export async function signAccessToken(
  ctx: Pick<Context, "env" | "now" | "config">,
  grant: Grant,
) {
  const id = grant.family ? idInFamily(grant.family) : newIdentifier();
  const issuedAt = seconds(ctx.now);
  const expiresIn =
    grant.lifetimeSeconds ?? ctx.config.oauth["access-token-minutes"] * 60;
  const expiresAt = issuedAt + expiresIn;
  const keys = await oauthKeys(ctx.env);
  const jwt = await new SignJWT({
    aud: grant.audience ?? audience(grant.client.id, grant.resources),
    jti: id,
    iat: issuedAt,
    nbf: issuedAt,
    exp: expiresAt,
    sub: grant.userId === null ? grant.client.id : String(grant.userId),
    scopes: grant.scopes,
    // A registered resource verifies the token alone, by JWKS: RFC 9068 §2.2's issuer and client
    // (decision record 101). Passport's tokens keep Passport's claims.
    ...(grant.audience !== undefined && {
      iss: issuer(ctx),
      client_id: grant.client.id,
    }),
    ...(grant.actor !== undefined && { act: { sub: grant.actor } }),
  })
    // Passport's header; a kid only while a rotation publishes two keys (decision record 092).
    .setProtectedHeader({ typ: "JWT", alg: "RS256", ...signingKid(keys) })
    .sign(keys.privateKey);
  const row = {
    id,
    userId: grant.userId,
    clientId: grant.client.id,
    name: grant.name ?? null,
    scopes: JSON.stringify(grant.scopes),
    revoked: false,
    createdAt: wholeSeconds(ctx.now),
    updatedAt: wholeSeconds(ctx.now),
    expiresAt: new Date(expiresAt * 1000),
  } satisfies typeof oauthAccessTokens.$inferInsert;
  return { id, jwt, expiresIn, row };
}

/**
 * A refresh token: its row, and the defuse ciphertext of league's payload (client_id,
 * refresh_token_id, access_token_id, scopes, user_id as a string as Passport 13 writes it,
 * expire_time, and this server's `resources` when the grant named any) that the client holds.
 */
export async function issueRefreshToken(
  ctx: Pick<Context, "db" | "env" | "now" | "config">,
  grant: Grant & { userId: number },
  accessTokenId: string,
): Promise<string> {
  const id = newIdentifier();
  const expireTime =
    seconds(ctx.now) + ctx.config.oauth["refresh-token-days"] * 86_400;
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

/** The token endpoint's success (league's BearerTokenResponse): no caching, fields in its order. */
export function tokenResponse(body: {
  expires_in: number;
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  scope?: string;
  /** RFC 8693 §2.2.1, for an exchanged token. */
  issued_token_type?: string;
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
