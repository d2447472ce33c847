import "server-only";
import { eq } from "drizzle-orm";
import { rateLimits, type User } from "@/db/schema";
import { recordActivity } from "@/lib/audit/activity";
import type { Context } from "@/lib/server/context";
import { emit } from "@/lib/server/events";
import { hit, limiterKey, secondsUntil } from "@/lib/auth/rate-limit";
import { mailQueueKey } from "@/lib/crypto/secrets";
import { enqueueMail } from "@/lib/mail/queue";
import { twoFactorLockoutMail } from "@/lib/mail/templates/two-factor-notices";
import { PROFILE_PATH } from "@/lib/users/email-change";

export const failuresKey = (userId: number) =>
  limiterKey("two-factor-failures", userId);

/** Forgets a day after the first failure, like the password's account delay. */
const FAILURES_FORGET_SECONDS = 24 * 60 * 60;

export type CodeCheck =
  | { allowed: true; attempt: number }
  | { allowed: false; pausedSeconds: number };

/**
 * Reserves one check of a code for the account, before the code is looked at: one atomic upsert
 * counts it across every pending sign-in and instance, so however many requests arrive at once,
 * at most `two-factor.lockout-failures` codes are checked in a window (decision record 028). A
 * success clears the count; the failure that reaches the limit turns the window into the lock.
 */
export async function reserveCodeCheck(
  ctx: Context,
  user: User,
): Promise<CodeCheck> {
  const limit = ctx.config["two-factor"]["lockout-failures"];
  const window = await hit(
    ctx.db,
    failuresKey(user.id),
    FAILURES_FORGET_SECONDS,
    ctx.now,
  );
  if (window.hits <= limit) return { allowed: true, attempt: window.hits };
  const lockSeconds = ctx.config["two-factor"]["lockout-minutes"] * 60;
  return {
    allowed: false,
    pausedSeconds: Math.min(secondsUntil(window, ctx.now), lockSeconds),
  };
}

/** Whether this failed check was the one that reached the limit (only one per window can be). */
export const reachesLockout = (ctx: Context, check: { attempt: number }) =>
  check.attempt === ctx.config["two-factor"]["lockout-failures"];

/**
 * After `two-factor.lockout-failures` consecutive invalid codes, the account refuses every code for
 * `two-factor.lockout-minutes` (the failures' window now ends with the lock; the count starts again
 * after it), and the owner is told by mail, once: whoever is guessing already knows the password
 * (decision records 023, 028).
 */
export async function lockAccount(ctx: Context, user: User): Promise<void> {
  const minutes = ctx.config["two-factor"]["lockout-minutes"];
  await ctx.db
    .update(rateLimits)
    .set({ resetAt: new Date(ctx.now.getTime() + minutes * 60_000) })
    .where(eq(rateLimits.key, failuresKey(user.id)));
  await recordActivity(
    ctx.db,
    {
      event: "two-factor-lockout",
      subjectId: user.id,
      ip: ctx.ip,
      properties: { minutes },
    },
    ctx.now,
  );
  const notice = {
    to: user.email,
    at: ctx.now,
    ip: ctx.ip,
    profileUrl: `${ctx.env.APP_URL}${PROFILE_PATH}`,
    minutes,
  };
  await enqueueMail(
    ctx.db,
    twoFactorLockoutMail(ctx.locale, notice),
    ctx.now,
    mailQueueKey(ctx.env.SESSION_SECRET),
  );
  await emit("TwoFactorLockout", { user, ip: ctx.ip });
}
