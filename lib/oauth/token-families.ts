import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, inArray, like, ne, sql } from "drizzle-orm";
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

/**
 * The tokens other clients were given by exchanging one of this grant's (RFC 8693, decision record
 * 115): they carry the family in their ids, so a grant's end — its user's revocation, the client's
 * own (RFC 7009), reuse detection — ends them too, before the subject token's expiry they would
 * end at anyway. `token` is an access token of the grant. Only the tokens of a client some resource
 * names as its server are ended: revoking an exchanged token ends no token of the host's.
 */
export async function endExchangedTokens(
  db: Pick<Db, "update">,
  token: { id: string; clientId: string; userId: number | null },
): Promise<void> {
  const family = familyOf(token.id);
  if (family === null || token.userId === null) return;
  await db
    .update(oauthAccessTokens)
    .set({ revoked: true })
    .where(
      and(
        eq(oauthAccessTokens.userId, token.userId),
        ne(oauthAccessTokens.clientId, token.clientId),
        like(oauthAccessTokens.id, `${family}%`),
        eq(oauthAccessTokens.revoked, false),
        // As text: oauth_clients.id is a uuid, a bigint or a char(36) by Passport's version (0021).
        sql`${oauthAccessTokens.clientId}::text in (select ${oauthResources.exchangeClientId} from ${oauthResources} where ${oauthResources.exchangeClientId} is not null)`,
      ),
    );
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
