import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Client secrets this process has already verified against their stored bcrypt hash, remembered
 * by a keyed hash (decision record 099). Passport stores a client's secret as bcrypt; checking it
 * on every token and introspection request made bcrypt nine tenths of those requests' time.
 *
 * An entry is keyed by the client and the stored hash it was verified against, and the stored
 * hash is read from the database on every request: a rotation (on any instance) changes it and a
 * deleted or revoked client is not found, so no entry outlives the secret it vouches for. The key
 * of the keyed hash is this process's own and never leaves it; Passport's stored hashes are
 * untouched, so Passport still reads the table.
 */
const KEY = randomBytes(32);
/** Entries kept, the least recently verified dropped first (a Map keeps insertion order). */
const LIMIT = 10_000;
const verified = new Map<string, Buffer>();

const digest = (secret: string): Buffer =>
  createHmac("sha256", KEY).update(secret).digest();
const entryOf = (clientId: string, storedHash: string) =>
  `${clientId}\u0000${storedHash}`;

/** True when `presented` is the secret this process verified against `storedHash` for the client. */
export function verifiedBefore(
  clientId: string,
  storedHash: string,
  presented: string,
): boolean {
  const entry = entryOf(clientId, storedHash);
  const known = verified.get(entry);
  if (!known || !timingSafeEqual(known, digest(presented))) return false;
  verified.delete(entry);
  verified.set(entry, known);
  return true;
}

/** Remembers a secret bcrypt has just accepted for the client's stored hash. */
export function rememberVerified(
  clientId: string,
  storedHash: string,
  presented: string,
): void {
  const entry = entryOf(clientId, storedHash);
  verified.delete(entry);
  verified.set(entry, digest(presented));
  if (verified.size > LIMIT) {
    const oldest = verified.keys().next();
    if (!oldest.done) verified.delete(oldest.value);
  }
}
