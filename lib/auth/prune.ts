import "server-only";
import { and, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import {
  passwordlessLinks,
  passwordResetTokens,
  personalAccessTokens,
  rateLimits,
  sessions,
  twoFactorChallenges,
} from "@/db/schema";
import type { AuthConfig } from "@/lib/config/auth";
import { REMEMBER_SECONDS } from "@/lib/server/session-validity";

/**
 * What the authentication tables no longer need, each kept `retention.*-hours` past its expiry
 * (decision record 015). Every delete is idempotent: two instances pruning at once delete
 * nothing twice and nothing that is still valid.
 */
const HOUR_MS = 3_600_000;
const hoursBefore = (now: Date, hours: number) =>
  new Date(now.getTime() - hours * HOUR_MS);
const count = (rows: unknown[]) => rows.length;

/** Sessions idle past their lifetime (SESSION_LIFETIME minutes; "remember me": 30 days). */
function pruneSessions(
  db: Db,
  now: Date,
  lifetimeMinutes: number,
  keepHours: number,
) {
  const nowSeconds = Math.floor(now.getTime() / 1000) - keepHours * 3600;
  const remembered = sql`strpos(${sessions.payload}, '"remember":true') > 0`;
  return db
    .delete(sessions)
    .where(
      or(
        lt(sessions.lastActivity, nowSeconds - REMEMBER_SECONDS),
        and(
          lt(sessions.lastActivity, nowSeconds - lifetimeMinutes * 60),
          sql`not ${remembered}`,
        ),
      ),
    )
    .returning({ id: sessions.id });
}

export async function pruneAuthTables(
  db: Db,
  config: AuthConfig,
  sessionLifetimeMinutes: number,
  now: Date,
): Promise<Record<string, number>> {
  const keep = config.retention;
  const resetTokensBefore = new Date(
    hoursBefore(now, keep["reset-tokens-hours"]).getTime() -
      config.passwords.expire * 60_000,
  );
  return {
    sessions: count(
      await pruneSessions(
        db,
        now,
        sessionLifetimeMinutes,
        keep["sessions-hours"],
      ),
    ),
    rate_limits: count(
      await db
        .delete(rateLimits)
        .where(
          lt(rateLimits.resetAt, hoursBefore(now, keep["rate-limits-hours"])),
        )
        .returning({ key: rateLimits.key }),
    ),
    password_reset_tokens: count(
      await db
        .delete(passwordResetTokens)
        .where(
          or(
            isNull(passwordResetTokens.createdAt),
            lt(passwordResetTokens.createdAt, resetTokensBefore),
          ),
        )
        .returning({ email: passwordResetTokens.email }),
    ),
    // Sanctum's `sanctum:prune-expired --hours=24`. Revoking deletes a token at once (Sanctum's
    // way), so no revoked token is left to prune.
    personal_access_tokens: count(
      await db
        .delete(personalAccessTokens)
        .where(
          lt(
            personalAccessTokens.expiresAt,
            hoursBefore(now, keep["tokens-hours"]),
          ),
        )
        .returning({ id: personalAccessTokens.id }),
    ),
    // Sign-ins that waited for a second factor and were never completed (decision record 023).
    two_factor_challenges: count(
      await db
        .delete(twoFactorChallenges)
        .where(lt(twoFactorChallenges.expiresAt, now))
        .returning({ id: twoFactorChallenges.id }),
    ),
    // Sign-in links and codes past their minutes (decision record 088).
    passwordless_links: count(
      await db
        .delete(passwordlessLinks)
        .where(lt(passwordlessLinks.expiresAt, now))
        .returning({ id: passwordlessLinks.id }),
    ),
  };
}
