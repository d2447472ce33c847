import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "@/db/client";
import {
  type OAuthClient,
  oauthClients,
  type OAuthClientSettings,
  oauthClientSettings,
} from "@/db/schema";
import { hashPassword, verifyPassword } from "@/lib/auth/passwords";
import { safeEqual } from "@/lib/crypto/secrets";
import type { Context } from "@/lib/server/context";
import { noteClientUse } from "@/lib/oauth/client-usage";
import { invalidClient, invalidRequest } from "@/lib/oauth/errors";
import { readScopes } from "@/lib/oauth/scopes";
import { clientKeyIs, newClientKey } from "@/lib/oauth/client-keys";
import { rememberVerified, verifiedBefore } from "@/lib/oauth/verified-secrets";

export const GRANT_TYPES = [
  "authorization_code",
  "refresh_token",
  "client_credentials",
  "urn:ietf:params:oauth:grant-type:device_code",
] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

/**
 * Passport 13 marks its personal access client by this grant type (12 and older: a column); no
 * request at the token endpoint uses it (decision record 072).
 */
export const PERSONAL_ACCESS_GRANT = "personal_access";

/** A client by id; null for a value that is no client's key, an unknown or a revoked client. */
export async function findClient(
  db: Db,
  id: unknown,
): Promise<OAuthClient | null> {
  const key = await clientKeyIs(db, id);
  if (!key) return null;
  const [client] = await db
    .select()
    .from(oauthClients)
    .where(and(key, eq(oauthClients.revoked, false)))
    .limit(1);
  return client ?? null;
}

export const redirectUris = (client: OAuthClient) =>
  readScopes(client.redirectUris);
export const grantTypes = (client: OAuthClient) =>
  readScopes(client.grantTypes);
/** The scopes an administrator allowed the client; null when it has no list (any, for user grants). */
export const allowedScopes = (client: OAuthClient): string[] | null =>
  client.scopes === null ? null : readScopes(client.scopes);
export const isConfidential = (client: OAuthClient) => client.secret !== null;
export const hasGrant = (client: OAuthClient, grant: GrantType) =>
  grantTypes(client).includes(grant);

/**
 * Passport 13 stores bcrypt hashes; Passport 12 and older stored the secret as it is. A secret
 * bcrypt accepted once is then recognised by a keyed hash (lib/oauth/verified-secrets.ts); a
 * wrong one always costs bcrypt's work.
 */
async function secretMatches(
  clientId: string,
  stored: string,
  presented: string,
): Promise<boolean> {
  if (!/^\$2[aby]\$\d\d\$/.test(stored)) return safeEqual(stored, presented);
  if (verifiedBefore(clientId, stored, presented)) return true;
  const matches = await verifyPassword(presented, stored);
  if (matches) rememberVerified(clientId, stored, presented);
  return matches;
}

function basicCredentials(
  header: string | null,
): { id: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header?.trim() ?? "");
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon === -1) return null;
  // RFC 6749 §2.3.1: both parts are form-urlencoded inside the header.
  try {
    return {
      id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, " ")),
      secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, " ")),
    };
  } catch {
    return null;
  }
}

/**
 * The client calling the token, revocation or introspection endpoint (league's
 * `validateClient`): HTTP Basic (client_secret_basic) or `client_id` and `client_secret` in the
 * body (client_secret_post); a public client sends its id only. Anything else: invalid_client.
 */
export async function authenticateClient(
  ctx: Context,
  input: Record<string, unknown>,
): Promise<OAuthClient> {
  const header = ctx.request.headers.get("authorization");
  const basic = basicCredentials(header);
  const sentAuthorization = header !== null;
  const id = basic?.id ?? input.client_id;
  const secret = basic?.secret ?? input.client_secret;
  if (typeof id !== "string" || id === "") {
    throw invalidRequest("client_id");
  }
  const client = await findClient(ctx.db, id);
  if (!client) throw invalidClient(sentAuthorization);
  if (client.secret === null) {
    if (secret !== undefined && secret !== null && secret !== "")
      throw invalidClient(sentAuthorization);
    noteClientUse(ctx, client.id);
    return client;
  }
  if (
    typeof secret !== "string" ||
    !(
      (await secretMatches(client.id, client.secret, secret)) ||
      (await previousSecretMatches(ctx, client.id, secret))
    )
  )
    throw invalidClient(sentAuthorization);
  noteClientUse(ctx, client.id);
  return client;
}

/**
 * During a rotation's overlap the replaced secret still authenticates (decision record 051).
 * Read only after the current secret failed, so a client using its current secret pays nothing.
 */
async function previousSecretMatches(
  ctx: Pick<Context, "db" | "now">,
  clientId: string,
  secret: string,
): Promise<boolean> {
  const [settings] = await ctx.db
    .select({ previousSecret: oauthClientSettings.previousSecret })
    .from(oauthClientSettings)
    .where(
      and(
        eq(oauthClientSettings.clientId, clientId),
        gt(oauthClientSettings.previousSecretExpiresAt, ctx.now),
      ),
    )
    .limit(1);
  return settings?.previousSecret
    ? secretMatches(clientId, settings.previousSecret, secret)
    : false;
}

/** Laravel's `Str::random(40)`, which Passport's secrets are: base64 of random bytes, `+/=` dropped. */
export function randomSecret(length = 40): string {
  let secret = "";
  while (secret.length < length)
    secret += randomBytes(length).toString("base64").replace(/[+/=]/g, "");
  return secret.slice(0, length);
}

export type NewClient = {
  name: string;
  userId: number | null;
  redirectUris: string[];
  grantTypes: readonly GrantType[];
  confidential: boolean;
  scopes: string[] | null;
};

/** Creates a client as Passport 13's ClientRepository does: a bcrypt-hashed secret, shown once. */
export async function createClient(
  ctx: Pick<Context, "db" | "config" | "now">,
  input: NewClient,
): Promise<{ client: OAuthClient; plainSecret: string | null }> {
  const plainSecret = input.confidential ? randomSecret() : null;
  const [client] = await ctx.db
    .insert(oauthClients)
    .values({
      id: await newClientKey(ctx.db),
      userId: input.userId,
      name: input.name,
      secret: plainSecret
        ? await hashPassword(plainSecret, ctx.config.hashing.rounds)
        : null,
      provider: null,
      redirectUris: JSON.stringify(input.redirectUris),
      grantTypes: JSON.stringify(input.grantTypes),
      scopes: input.scopes === null ? null : JSON.stringify(input.scopes),
      revoked: false,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  if (!client) throw new Error("client insert returned no row");
  return { client, plainSecret };
}

/**
 * Passport's client JSON (13's fields), never the secret; with what this product keeps beside it
 * (decision record 051): when it was last used and until when a replaced secret still works.
 */
export function presentClient(
  client: OAuthClient,
  settings: Pick<
    OAuthClientSettings,
    | "lastUsedAt"
    | "previousSecretExpiresAt"
    | "backchannelLogoutUri"
    | "backchannelLogoutSessionRequired"
  > | null = null,
  now = new Date(),
) {
  const overlapEnds = settings?.previousSecretExpiresAt ?? null;
  return {
    id: client.id,
    user_id: client.userId,
    name: client.name,
    provider: client.provider,
    redirect_uris: redirectUris(client),
    grant_types: grantTypes(client),
    scopes: allowedScopes(client),
    confidential: isConfidential(client),
    revoked: client.revoked,
    created_at: client.createdAt?.toISOString() ?? null,
    updated_at: client.updatedAt?.toISOString() ?? null,
    last_used_at: settings?.lastUsedAt?.toISOString() ?? null,
    previous_secret_expires_at:
      overlapEnds && overlapEnds > now ? overlapEnds.toISOString() : null,
    backchannel_logout_uri: settings?.backchannelLogoutUri ?? null,
    backchannel_logout_session_required:
      settings?.backchannelLogoutSessionRequired ?? false,
  };
}
