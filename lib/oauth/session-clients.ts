import "server-only";
import type { Db } from "@/db/client";
import { oauthSessionClients } from "@/db/schema";
import { sha256Hex } from "@/lib/crypto/secrets";

/**
 * OpenID's `sid` of a browser session (Back-Channel Logout 1.0 §2.1, decision record 103): the
 * SHA-256 of `openid-sid:` and the session's row id. Stable while the session lives (a sign-in
 * makes a new row), one-way, and the same the trigger of 0017_backchannel_logout.sql computes
 * when the row is deleted; the row id itself (already a hash of the cookie's secret) never leaves.
 */
export const openIdSessionId = (sessionRowId: string): string =>
  sha256Hex(`openid-sid:${sessionRowId}`);

/**
 * Remembers that `clientId` was given a code for an ID token in the session `sid`, so that the
 * session's end sends it a logout token; once per pair, however many codes it gets.
 */
export async function recordSessionClient(
  db: Pick<Db, "insert">,
  sid: string,
  clientId: string,
  now: Date,
): Promise<void> {
  await db
    .insert(oauthSessionClients)
    .values({ sid, clientId, createdAt: now })
    .onConflictDoNothing();
}
