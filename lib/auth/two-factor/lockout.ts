import "server-only";
import type { User } from "@/db/schema";
import { recordActivity } from "@/lib/audit/activity";
import type { Context } from "@/lib/server/context";
import { emit } from "@/lib/server/events";
import { clearStatement, hit, limiterKey } from "@/lib/auth/rate-limit";
import { mailQueueKey } from "@/lib/crypto/secrets";
import { enqueueMail } from "@/lib/mail/queue";
import { twoFactorLockoutMail } from "@/lib/mail/templates/two-factor-notices";
import { PROFILE_PATH } from "@/lib/users/email-change";

export const failuresKey = (userId: number) =>
  limiterKey("two-factor-failures", userId);
export const lockKey = (userId: number) =>
  limiterKey("two-factor-lock", userId);

/**
 * After `two-factor.lockout-failures` consecutive invalid codes, the account refuses every code for
 * `two-factor.lockout-minutes` (a fresh window of the lock key), the count starts again, and the
 * owner is told by mail: whoever is guessing already knows the password (decision record 023).
 */
export async function lockAccount(ctx: Context, user: User): Promise<void> {
  const minutes = ctx.config["two-factor"]["lockout-minutes"];
  await hit(ctx.db, lockKey(user.id), minutes * 60, ctx.now);
  await clearStatement(ctx.db, failuresKey(user.id));
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
