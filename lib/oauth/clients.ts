import "server-only";
import { randomBytes } from "node:crypto";
import { and, desc, eq, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import {
  type OAuthClient,
  oauthClients,
  oauthClientSettings,
  type OAuthClientSettings,
} from "@/db/schema";
import { hashPassword } from "@/lib/auth/passwords";
import { TEAM_OWNER_TYPE } from "@/lib/policies/teams";
import type { Context } from "@/lib/server/context";
import { readScopes } from "@/lib/oauth/scopes";
import { clientKeyIs, newClientKey } from "@/lib/oauth/client-keys";

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

/** The live clients `where` picks, newest first, each with its settings (GET /oauth/clients). */
export const liveClientsWithSettings = (
  db: Pick<Db, "select">,
  where: SQL | undefined,
) =>
  db
    .select({ client: oauthClients, settings: oauthClientSettings })
    .from(oauthClients)
    .leftJoin(
      oauthClientSettings,
      eq(oauthClientSettings.clientId, oauthClients.id),
    )
    .where(and(eq(oauthClients.revoked, false), where))
    .orderBy(desc(oauthClients.createdAt));

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
  /** The team that owns it (decision record 110); its `userId` is null then. */
  teamId?: number;
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
      ...(input.teamId !== undefined && {
        ownerType: TEAM_OWNER_TYPE,
        ownerId: input.teamId,
      }),
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
    team_id: client.ownerType === TEAM_OWNER_TYPE ? client.ownerId : null,
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
