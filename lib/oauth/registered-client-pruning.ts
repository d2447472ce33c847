import "server-only";
import { and, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { Db } from "@/db/client";
import {
  oauthAccessTokens,
  oauthAuthCodes,
  oauthClients,
  oauthClientSettings,
  oauthDeviceCodes,
  oauthRefreshTokens,
} from "@/db/schema";
import { endTokensExchangedFromClients } from "@/lib/oauth/token-families";

const DAY_MS = 86_400_000;

/**
 * The pruning task's part for dynamically registered clients (decision record 052): anyone may
 * register one, so a client that registered itself and was not used for `days` (since its last
 * use, or since it registered if never) is deleted with its tokens and codes, and the tokens
 * servers got by exchanging its tokens end. Clients made by a person through the JSON API are
 * never pruned. 0 keeps them all.
 */
export async function pruneUnusedRegisteredClients(
  db: Db,
  days: number,
  now: Date,
): Promise<number> {
  if (days <= 0) return 0;
  const before = new Date(now.getTime() - days * DAY_MS);
  return db.transaction(async (tx) => {
    const stale = await tx
      .select({ id: oauthClientSettings.clientId })
      .from(oauthClientSettings)
      .where(
        and(
          isNotNull(oauthClientSettings.registeredAt),
          lt(oauthClientSettings.registeredAt, before),
          or(
            isNull(oauthClientSettings.lastUsedAt),
            lt(oauthClientSettings.lastUsedAt, before),
          ),
        ),
      )
      .limit(1000);
    const ids = stale.map((row) => row.id);
    if (ids.length === 0) return 0;
    // What servers got by exchanging these clients' tokens ends with them (decision record 115),
    // found through the tokens' rows: before they go.
    await endTokensExchangedFromClients(tx, ids);
    const tokens = await tx
      .delete(oauthAccessTokens)
      .where(inArray(oauthAccessTokens.clientId, ids))
      .returning({ id: oauthAccessTokens.id });
    if (tokens.length > 0)
      await tx.delete(oauthRefreshTokens).where(
        inArray(
          oauthRefreshTokens.accessTokenId,
          tokens.map((token) => token.id),
        ),
      );
    await tx
      .delete(oauthAuthCodes)
      .where(inArray(oauthAuthCodes.clientId, ids));
    await tx
      .delete(oauthDeviceCodes)
      .where(inArray(oauthDeviceCodes.clientId, ids));
    // The settings row goes with the client (on delete cascade).
    const deleted = await tx
      .delete(oauthClients)
      .where(inArray(oauthClients.id, ids))
      .returning({ id: oauthClients.id });
    return deleted.length;
  });
}
