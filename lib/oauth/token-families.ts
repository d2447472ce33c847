import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, exists, inArray, like, ne, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";
import {
  oauthAccessTokens,
  oauthRefreshTokens,
  oauthResources,
} from "@/db/schema";

// A grant's family (RFC 9700 §4.14.2; decision record 081) is the chain of tokens descending from
// one authorization code or device code through refresh-token rotation. Passport's tables link a
// refresh token to its access token only and cannot gain a column (record 050), so the family is
// written in the access tokens' ids: each begins with the first 40 hex characters of the code's
// id, and a rotation passes them on. An id keeps league's shape (80 hex characters, the second
// half random). A token Passport issued heads a family of its own first half, which the tokens
// rotated from it here join.
const FAMILY = /^[0-9a-f]{40}/;

/** The family a code's, device code's or access token's id names; null for an id of another shape. */
export const familyOf = (id: string): string | null =>
  FAMILY.exec(id)?.[0] ?? null;

/** A new access token's id in `family`: 80 hex characters, as league's `bin2hex(random_bytes(40))`. */
export const idInFamily = (family: string) =>
  family + randomBytes(20).toString("hex");

// Who was given a token by exchanging one of a grant's (RFC 8693, decision record 115): another
// client, for the same user, whose token's id carries a family of the grant's client's tokens.
// `host` is the grant's side of that join.
const host = alias(oauthAccessTokens, "host");

/** The clients some resource names as its server. As text: oauth_clients.id is a uuid, a bigint or a char(36) by Passport's version (0021). */
const namedServers = () =>
  sql`${oauthAccessTokens.clientId}::text in (select ${oauthResources.exchangeClientId} from ${oauthResources} where ${oauthResources.exchangeClientId} is not null)`;

/**
 * Revokes the live tokens exchanged from the host tokens `hosts` picks (a condition on `host`;
 * none: any), held by the clients `servers` picks, among the tokens `among` picks (an index's way in).
 */
async function endTokensExchangedFrom(
  db: Pick<Db, "select" | "update">,
  { hosts, servers, among }: { hosts?: SQL; servers: SQL; among?: SQL },
): Promise<void> {
  await db
    .update(oauthAccessTokens)
    .set({ revoked: true })
    .where(
      and(
        among,
        eq(oauthAccessTokens.revoked, false),
        servers,
        exists(
          db
            .select({ one: sql`1` })
            .from(host)
            .where(
              and(
                hosts,
                eq(host.userId, oauthAccessTokens.userId),
                ne(host.clientId, oauthAccessTokens.clientId),
                sql`left(${host.id}, 40) = left(${oauthAccessTokens.id}, 40)`,
              ),
            ),
        ),
      ),
    );
}

/**
 * The tokens other clients were given by exchanging one of this grant's (RFC 8693, decision record
 * 115): they carry the family in their ids, so a grant's end — its user's revocation, the client's
 * own (RFC 7009), reuse detection — ends them too, before the subject token's expiry they would
 * end at anyway. `token` is an access token of the grant. Only the tokens of a client some resource
 * names as its server are ended: revoking an exchanged token ends no token of the host's.
 */
export async function endExchangedTokens(
  db: Pick<Db, "select" | "update">,
  token: { id: string; clientId: string; userId: number | null },
): Promise<void> {
  const family = familyOf(token.id);
  if (family === null || token.userId === null) return;
  await endTokensExchangedFrom(db, {
    hosts: and(
      eq(host.clientId, token.clientId),
      eq(host.userId, token.userId),
      like(host.id, `${family}%`),
    ),
    servers: namedServers(),
    among: eq(oauthAccessTokens.userId, token.userId),
  });
}

/**
 * The tokens exchanged from any of these clients' (decision record 115), for every user: revoking
 * a client (its deletion, its team's, its owner's account) ends its grants, and with them these.
 */
export async function endTokensExchangedFromClients(
  db: Pick<Db, "select" | "update">,
  clientIds: readonly string[],
): Promise<void> {
  if (clientIds.length === 0) return;
  await endTokensExchangedFrom(db, {
    hosts: inArray(host.clientId, [...clientIds]),
    servers: namedServers(),
  });
}

/**
 * Every token `serverId` got by exchange (decision record 115), when a resource naming it as its
 * server is deleted, names another or allows it fewer scopes. A token's row does not say which
 * resource's token it was exchanged for, so a client serving several resources loses them all: it
 * exchanges again, with the user's live tokens.
 */
export async function endTokensExchangedBy(
  db: Pick<Db, "select" | "update">,
  serverId: string,
): Promise<void> {
  await endTokensExchangedFrom(db, {
    servers: eq(oauthAccessTokens.clientId, serverId),
  });
}

/**
 * Reuse detection: a used code or a rotated refresh token presented again revokes its family's
 * tokens, for this client and user only. A family is a chain whose every pair but the newest was
 * revoked when the next was issued, so this ends its one live pair; a refresh token the client
 * revoked itself (RFC 7009) was that pair, and presenting it again revokes nothing more.
 */
export async function revokeFamily(
  db: Db,
  clientId: string,
  userId: number,
  family: string,
): Promise<void> {
  const members = await db
    .update(oauthAccessTokens)
    .set({ revoked: true })
    .where(
      and(
        eq(oauthAccessTokens.clientId, clientId),
        eq(oauthAccessTokens.userId, userId),
        like(oauthAccessTokens.id, `${family}%`),
      ),
    )
    .returning({ id: oauthAccessTokens.id });
  if (members.length === 0) return;
  await endExchangedTokens(db, { id: family, clientId, userId });
  await db
    .update(oauthRefreshTokens)
    .set({ revoked: true })
    .where(
      inArray(
        oauthRefreshTokens.accessTokenId,
        members.map((row) => row.id),
      ),
    );
}
