import "server-only";
import { and, eq, gt, inArray, type Placeholder, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { rateLimits } from "@/db/schema";
import { sha256Hex } from "@/lib/crypto/secrets";

/** A fixed window per key, kept in the database so every instance counts the same hits. */
export type Window = { hits: number; resetAt: Date };

/** Builds a storage key; the parts (emails, addresses) are hashed, never stored. */
export function limiterKey(
  scope: string,
  ...parts: (string | number)[]
): string {
  return `${scope}:${sha256Hex(parts.join("|"))}`;
}

/** What a hit upserts: values, or a prepared statement's placeholders (`preparedHitStatement`). */
type HitInput = {
  key: string | Placeholder;
  /** The request's time and the end of a window opened now, as ISO strings. */
  now: string | Placeholder;
  resetAt: string | Placeholder;
  amount: number;
};

function upsertHit(db: Db, { key, now, resetAt, amount }: HitInput) {
  const expired = sql`${rateLimits.resetAt} <= ${now}::timestamp`;
  return db
    .insert(rateLimits)
    .values({ key, hits: amount, resetAt: sql`${resetAt}::timestamp` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${expired} then ${amount}::int else ${rateLimits.hits} + ${amount}::int end`,
        resetAt: sql`case when ${expired} then ${resetAt}::timestamp else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt });
}

/** The statement behind `hit`, returning the window (for a caller that folds it into a larger query). */
export function hitStatement(
  db: Db,
  key: string,
  decaySeconds: number,
  now: Date,
  amount = 1,
) {
  return upsertHit(db, { key, amount, ...hitTimes(decaySeconds, now) });
}

const hitTimes = (decaySeconds: number, now: Date) => ({
  now: now.toISOString(),
  resetAt: new Date(now.getTime() + decaySeconds * 1000).toISOString(),
});

/**
 * `hitStatement` of one hit with placeholders named after `name`, for a statement prepared once
 * (decision record 010): `hitPlaceholders` gives their values.
 */
export function preparedHitStatement(db: Db, name: string) {
  return upsertHit(db, {
    key: sql.placeholder(`${name}_key`),
    now: sql.placeholder(`${name}_now`),
    resetAt: sql.placeholder(`${name}_reset`),
    amount: 1,
  });
}

/** The values of `preparedHitStatement`'s placeholders for a hit of `key` now. */
export function hitPlaceholders(
  name: string,
  key: string,
  decaySeconds: number,
  now: Date,
): Record<string, string> {
  const times = hitTimes(decaySeconds, now);
  return {
    [`${name}_key`]: key,
    [`${name}_now`]: times.now,
    [`${name}_reset`]: times.resetAt,
  };
}

/** Counts one hit (or `amount` at once) atomically, opening a new window when the old one is over. */
export async function hit(
  db: Db,
  key: string,
  decaySeconds: number,
  now: Date,
  amount = 1,
): Promise<Window> {
  const [row] = await hitStatement(db, key, decaySeconds, now, amount);
  if (!row) throw new Error("rate limit upsert returned no row");
  return row;
}

/** The key's open window, without counting a hit: null when none is open. */
export function openWindowStatement(db: Db, key: string, now: Date) {
  return db
    .select({ hits: rateLimits.hits, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(
      and(
        eq(rateLimits.key, key),
        gt(rateLimits.resetAt, sql`${now.toISOString()}::timestamp`),
      ),
    );
}

/** The key's open window, without counting a hit: null when none is open. */
export async function openWindow(
  db: Db,
  key: string,
  now: Date,
): Promise<Window | null> {
  const [row] = await openWindowStatement(db, key, now);
  return row ?? null;
}

/** The hits of the key's open window, without counting one (0 when none is open). */
export async function hitsSoFar(db: Db, key: string, now: Date) {
  return (await openWindow(db, key, now))?.hits ?? 0;
}

/** The statement behind `clear` (several keys at once: one statement). */
export function clearStatement(db: Db, ...keys: string[]) {
  return db.delete(rateLimits).where(inArray(rateLimits.key, keys));
}

/** Whole seconds until the window closes (at least 1). */
export function secondsUntil(window: Window, now: Date): number {
  return Math.max(
    1,
    Math.ceil((window.resetAt.getTime() - now.getTime()) / 1000),
  );
}
