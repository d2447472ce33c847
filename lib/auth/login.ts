import "server-only";
import type { SQLWrapper } from "drizzle-orm";
import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { writeInOneStatement } from "@/db/one-statement";
import { rateLimits, users, type User } from "@/db/schema";
import { activityStatement, recordActivity } from "@/lib/audit/activity";
import {
  attemptStatement,
  type DeviceHistory,
  deviceHistoryColumns,
  deviceHistoryOf,
} from "@/lib/authentication-log/record";
import {
  accountDelaySeconds,
  accountKey,
  failureStatement,
} from "@/lib/auth/account-delay";
import type { Context } from "@/lib/server/context";
import { emit } from "@/lib/server/events";
import { checkCredentials } from "@/lib/auth/passwords";
import { signInFailureStatements } from "@/lib/auth/challenge/failures";
import { rehashIfNeeded } from "@/lib/auth/rehash";
import {
  clearStatement,
  hitStatement,
  limiterKey,
  secondsUntil,
  type Window,
} from "@/lib/auth/rate-limit";
import { invalid } from "@/lib/http/errors";
import { isActiveWithEmail } from "@/lib/users/users";

export const BAD_CREDENTIALS = "These credentials do not match our records.";
export const LOCKED_OUT =
  "Too many login attempts. Please try again in :seconds seconds.";

/**
 * Counts the attempt and finds the account in one statement (decision record 010: one round trip before
 * the password check): the rate-limit upsert as a CTE, the user joined to its window, and what the
 * sign-in history knows of this device (decision record 095).
 */
async function countAttemptAndFindUser(
  ctx: Context,
  key: string,
  email: string,
): Promise<{
  window: Window;
  user: User | null;
  failures: Window | null;
  deviceHistory: DeviceHistory;
}> {
  const attempt = ctx.db
    .$with("attempt")
    .as(
      hitStatement(
        ctx.db,
        key,
        ctx.config.limits["login-decay-seconds"],
        ctx.now,
      ),
    );
  const failures = alias(rateLimits, "account_failures");
  const [row] = await ctx.db
    .with(attempt)
    .select({
      hits: attempt.hits,
      resetAt: attempt.resetAt,
      user: users,
      failures: { hits: failures.hits, resetAt: failures.resetAt },
      device: deviceHistoryColumns(ctx, users.id),
    })
    .from(attempt)
    .leftJoin(users, isActiveWithEmail(email))
    .leftJoin(failures, eq(failures.key, accountKey(email)))
    .limit(1);
  if (!row) throw new Error("rate limit upsert returned no row");
  return {
    window: { hits: row.hits, resetAt: row.resetAt },
    user: row.user,
    failures: row.failures,
    deviceHistory: deviceHistoryOf(row.device),
  };
}

async function refuse(
  ctx: Context,
  email: string,
  seconds: number,
): Promise<never> {
  await emit("Lockout", { email, ip: ctx.ip });
  await recordActivity(
    ctx.db,
    { event: "lockout", ip: ctx.ip, properties: { email } },
    ctx.now,
  );
  throw invalid("email", LOCKED_OUT, { seconds });
}

/**
 * contract §5.4: credentials checked under the lockout of `limits.login-attempts` failures per
 * email and address, counted in the database so every instance shares it. 422 on `email`.
 * The attempt is counted (atomically) before the password is checked, and uncounted on success:
 * reading the count first let a burst of concurrent requests all pass the check. The uncounting
 * and, for an outdated hash, the rehash are returned as statements, for the caller to fold into
 * the session's write; `user` then carries the new hash (rehash.ts).
 */
export async function attemptLogin(
  ctx: Context,
  email: string,
  password: string,
): Promise<{
  user: User;
  writes: SQLWrapper[];
  deviceHistory: DeviceHistory;
}> {
  const key = limiterKey("login", email.toLowerCase(), ctx.ip);
  const { window, user, failures, deviceHistory } =
    await countAttemptAndFindUser(ctx, key, email);
  if (window.hits > ctx.config.limits["login-attempts"])
    await refuse(ctx, email, secondsUntil(window, ctx.now));
  // Checked before the password, so a delayed account answers nothing about it.
  const delay = accountDelaySeconds(ctx.config.limits, failures, ctx.now);
  if (delay > 0) await refuse(ctx, email, delay);
  if (!(await checkCredentials(ctx, user, password)) || !user) {
    const audit = activityStatement(
      ctx.db,
      {
        event: "login-failed",
        subjectId: user?.id,
        ip: ctx.ip,
        properties: { email },
      },
      ctx.now,
    );
    // The sign-in history keeps the failures of an existing account only (rappasoft's
    // FailedLoginListener: keyed by the account), decision record 095.
    await writeInOneStatement(ctx.db, audit, [
      failureStatement(ctx.db, accountKey(email), ctx.now),
      // From this address, for the challenge after failures (decision record 108).
      ...signInFailureStatements(ctx),
      ...(user ? [attemptStatement(ctx, user, false)] : []),
    ]);
    throw invalid("email", BAD_CREDENTIALS);
  }
  const rehash = await rehashIfNeeded(
    ctx.db,
    user,
    password,
    ctx.config.hashing.rounds,
  );
  return {
    user: rehash?.user ?? user,
    writes: [
      clearStatement(ctx.db, key, accountKey(email)),
      ...(rehash?.statements ?? []),
    ],
    deviceHistory,
  };
}
