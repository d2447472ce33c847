import "server-only";
import type { Db } from "@/db/client";
import type { OAuthClient } from "@/db/schema";

/**
 * The client rows this process last read and accepted at the token endpoint, with their
 * fingerprints (lib/oauth/client-request.ts `clientFingerprint`), per database: what a
 * client-credentials grant in one statement judges first and then conditions its write on
 * (lib/oauth/grants/client-credentials-at-once.ts). Never trusted alone: the statement writes
 * nothing unless the row in the database still has that fingerprint.
 */
export type KnownClient = { client: OAuthClient; fingerprint: string };

/** Entries kept per database, the least recently accepted dropped first. */
const LIMIT = 10_000;
const known = new WeakMap<Db, Map<string, KnownClient>>();

export function knownClient(db: Db, clientId: string): KnownClient | null {
  return known.get(db)?.get(clientId) ?? null;
}

export function rememberClient(db: Db, entry: KnownClient): void {
  let clients = known.get(db);
  if (!clients) known.set(db, (clients = new Map()));
  clients.delete(entry.client.id);
  clients.set(entry.client.id, entry);
  if (clients.size > LIMIT) {
    const oldest = clients.keys().next();
    if (!oldest.done) clients.delete(oldest.value);
  }
}
