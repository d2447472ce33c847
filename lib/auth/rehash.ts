import "server-only";
import { and, eq, sql, type SQLWrapper } from "drizzle-orm";
import type { Db } from "@/db/client";
import { sessions, type User, users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/passwords";
import { passwordFingerprint } from "@/lib/server/session-validity";

/**
 * Rehash on a successful password check (Laravel 11's default): a hash written by another
 * algorithm variant (`$2a$`, `$2b$`, an imported bcrypt hash) or at another cost than
 * `hashing.rounds` is replaced by a `$2y$` hash at that cost, while the plain password is at hand.
 * Decision record 002 (amendment: rehash).
 */

/** Whether `hash` is anything but a `$2y$` hash at cost `rounds`. */
export function needsRehash(hash: string, rounds: number): boolean {
  const cost = /^\$2y\$(\d\d)\$/.exec(hash)?.[1];
  return cost === undefined || Number(cost) !== rounds;
}

/** What a rehash writes: the user's new hash and the writes that go with the sign-in's own. */
export type Rehash = { user: User; statements: SQLWrapper[] };

// The session payload is JSON written by this application (session-store.ts): the fingerprint
// appears exactly so, once.
const fingerprintJson = (hash: string) =>
  `"fingerprint":"${passwordFingerprint(hash)}"`;

/**
 * The statements of a rehash, for the caller to fold into the write of the sign-in (one
 * statement, atomic). The password is replaced only while it is still the hash that was checked,
 * so a password changed meanwhile (reset, update, an administrator) is never overwritten. The
 * user's other sessions carry a fingerprint of the old hash; it is rewritten to the new one, so a
 * mere rehash signs nobody out. When the guard fails (the password changed in between), the
 * rewritten sessions match neither hash and end, as any session does after a password change.
 */
export function rehashStatements(
  db: Db,
  user: User,
  newHash: string,
): SQLWrapper[] {
  const before = fingerprintJson(user.password);
  const after = fingerprintJson(newHash);
  return [
    db
      .update(users)
      .set({ password: newHash })
      .where(and(eq(users.id, user.id), eq(users.password, user.password))),
    db
      .update(sessions)
      .set({ payload: sql`replace(${sessions.payload}, ${before}, ${after})` })
      .where(
        and(
          eq(sessions.userId, user.id),
          sql`strpos(${sessions.payload}, ${before}) > 0`,
        ),
      ),
  ];
}

/**
 * After a successful check of `plain` against `user.password`: null when the hash is already as
 * configured, else the new hash (computed on the hashing threads, off the event loop) and its
 * statements. `user` comes back with the new hash, so the new session's fingerprint matches it.
 */
export async function rehashIfNeeded(
  db: Db,
  user: User,
  plain: string,
  rounds: number,
): Promise<Rehash | null> {
  if (!needsRehash(user.password, rounds)) return null;
  const newHash = await hashPassword(plain, rounds);
  return {
    user: { ...user, password: newHash },
    statements: rehashStatements(db, user, newHash),
  };
}
