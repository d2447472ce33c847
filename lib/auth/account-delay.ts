import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { rateLimits } from "@/db/schema";
import type { AuthConfig } from "@/lib/config/auth";
import { limiterKey } from "@/lib/auth/rate-limit";

/**
 * Failed sign-ins per account, from every address (a password spray from many addresses against
 * one account): past `account-failures-before-delay` failures, each further attempt waits a
 * delay that doubles with every failure, up to `account-max-delay-seconds`. Never a permanent
 * lock, which would let anyone lock a victim out; a successful sign-in clears it. Stored as a
 * rate-limit row whose `reset_at` is the last failure plus FORGET_SECONDS (so the row says when
 * the last failure was, and is forgotten a day after it).
 */
const FORGET_SECONDS = 24 * 60 * 60;

export const accountKey = (email: string) =>
  limiterKey("login-account", email.trim().toLowerCase());

/** Seconds the account still has to wait before a password is checked again (0: none). */
export function accountDelaySeconds(
  limits: AuthConfig["limits"],
  row: { hits: number; resetAt: Date } | null,
  now: Date,
): number {
  if (!row || row.hits < limits["account-failures-before-delay"]) return 0;
  const lastFailure = row.resetAt.getTime() - FORGET_SECONDS * 1000;
  if (lastFailure + FORGET_SECONDS * 1000 <= now.getTime()) return 0;
  const exponent = row.hits - limits["account-failures-before-delay"] + 1;
  const delay = Math.min(
    limits["account-max-delay-seconds"],
    2 ** Math.min(exponent, 30),
  );
  return Math.max(
    0,
    Math.ceil((lastFailure + delay * 1000 - now.getTime()) / 1000),
  );
}

/** Counts one failure: a day-old count starts again at one. */
export function failureStatement(db: Db, key: string, now: Date) {
  const forgetAt = new Date(
    now.getTime() + FORGET_SECONDS * 1000,
  ).toISOString();
  const expired = sql`${rateLimits.resetAt} <= ${now.toISOString()}::timestamp`;
  return db
    .insert(rateLimits)
    .values({ key, hits: 1, resetAt: new Date(forgetAt) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
        resetAt: sql`${forgetAt}::timestamp`,
      },
    });
}
