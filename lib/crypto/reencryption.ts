import "server-only";
import type { Db } from "@/db/client";

/** What one re-encryptor did: values sealed again, left as they were (already under the new key, or not sealed), and unreadable under both keys. */
export type ReencryptResult = {
  changed: number;
  unchanged: number;
  unreadable: number;
};

/**
 * Re-encrypts one kind of stored secret from the key derived from the old SESSION_SECRET to the
 * key derived from the new one (each feature derives its own key by purpose: lib/auth/secrets.ts).
 * Must be idempotent: a run that stopped half-way is run again.
 */
export type Reencryptor = {
  name: string;
  run(db: Db, secrets: ReencryptSecrets): Promise<ReencryptResult>;
};

/** The old and new SESSION_SECRET, and APP_KEY when set (it, not SESSION_SECRET, then keys the second factor's columns). */
export type ReencryptSecrets = { from: string; to: string; appKey?: string };
