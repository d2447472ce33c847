import "server-only";
import { withSecondFactor } from "@/lib/auth/authentication-methods";
import type { User } from "@/db/schema";
import { activityStatement, recordActivity } from "@/lib/audit/activity";
import type { Context } from "@/lib/server/context";
import { emit } from "@/lib/server/events";
import {
  clearStatement,
  hit,
  limiterKey,
  secondsUntil,
} from "@/lib/auth/rate-limit";
import { invalid } from "@/lib/http/errors";
import {
  claimStep,
  hasTwoFactor,
  readRecoveryCodes,
  readSecret,
  sealRecoveryCodes,
  swapRecoveryCodes,
} from "@/lib/auth/two-factor/account";
import {
  failuresKey,
  lockAccount,
  reachesLockout,
  reserveCodeCheck,
} from "@/lib/auth/two-factor/lockout";
import {
  consumePendingSignIn,
  findPendingSignIn,
  type PendingSignIn,
} from "@/lib/auth/two-factor/pending";
import { replaceRecoveryCode } from "@/lib/auth/two-factor/recovery-codes";
import { completeSignIn } from "@/lib/auth/two-factor/sign-in";
import { matchTotp } from "@/lib/auth/two-factor/totp";

// Fortify's messages, then ours.
export const INVALID_CODE =
  "The provided two factor authentication code was invalid.";
const INVALID_RECOVERY_CODE =
  "The provided two factor recovery code was invalid.";
const NO_PENDING_SIGN_IN =
  "Your sign-in has expired or was already completed. Please sign in again.";
const TOO_MANY_ATTEMPTS =
  "Too many attempts. Please try again in :seconds seconds.";
const ACCOUNT_PAUSED =
  "Too many invalid codes: two-factor sign-in is paused for this account. Please try again in :minutes minutes.";

const ATTEMPT_WINDOW_SECONDS = 60;

export type ChallengeInput = {
  code?: string | null;
  recovery_code?: string | null;
};
type Field = "code" | "recovery_code";

const attemptsKey = (pending: PendingSignIn) =>
  limiterKey("two-factor-attempts", pending.id);

/** A code's check, with its single use recorded (the time step, or the replaced recovery code). */
async function verify(
  ctx: Context,
  user: User,
  field: Field,
  value: string,
): Promise<boolean> {
  if (field === "code") {
    const secret = readSecret(ctx, user);
    const step =
      secret === null
        ? null
        : matchTotp(secret, value.trim(), ctx.now, user.twoFactorLastStep);
    return step !== null && (await claimStep(ctx.db, user, step, ctx.now));
  }
  const replaced = replaceRecoveryCode(readRecoveryCodes(ctx, user), value);
  return (
    replaced !== null &&
    (await swapRecoveryCodes(ctx.db, user, sealRecoveryCodes(ctx, replaced)))
  );
}

async function fail(
  ctx: Context,
  user: User,
  field: Field,
  check: { attempt: number },
): Promise<never> {
  await recordActivity(
    ctx.db,
    {
      event: "two-factor-challenge-failed",
      subjectId: user.id,
      ip: ctx.ip,
      properties: { field },
    },
    ctx.now,
  );
  await emit("TwoFactorAuthenticationFailed", { user });
  if (reachesLockout(ctx, check)) await lockAccount(ctx, user);
  throw invalid(field, field === "code" ? INVALID_CODE : INVALID_RECOVERY_CODE);
}

const fieldOf = (input: ChallengeInput): Field =>
  input.recovery_code ? "recovery_code" : "code";

/**
 * Checks `code` or `recovery_code` for `user` under the account's lockout, and records its single
 * use; a failure is counted (and may pause the account) and answered 422 on the field. Used by the
 * challenge and by create-token.
 */
export async function verifySecondFactor(
  ctx: Context,
  user: User,
  input: ChallengeInput,
): Promise<Field> {
  const field = fieldOf(input);
  const value = (field === "code" ? input.code : input.recovery_code) ?? "";
  // Counted before the code is looked at: a burst cannot check more than the limit allows.
  const check = await reserveCodeCheck(ctx, user);
  if (!check.allowed)
    throw invalid(field, ACCOUNT_PAUSED, {
      minutes: Math.ceil(check.pausedSeconds / 60),
    });
  if (!value || !(await verify(ctx, user, field, value)))
    return fail(ctx, user, field, check);
  await clearStatement(ctx.db, failuresKey(user.id));
  if (field === "recovery_code")
    await recordActivity(
      ctx.db,
      {
        event: "two-factor-recovery-code-used",
        subjectId: user.id,
        ip: ctx.ip,
      },
      ctx.now,
    );
  await emit(
    field === "code"
      ? "ValidTwoFactorAuthenticationCodeProvided"
      : "RecoveryCodeReplaced",
    { user },
  );
  return field;
}

/**
 * `POST two-factor-challenge` (decision record 023): this browser's pending sign-in, within its 5
 * attempts a minute, passes with a TOTP code never used before or a recovery code (replaced by a
 * new one); the sign-in then completes on a new session.
 */
export async function passChallenge(
  ctx: Context,
  input: ChallengeInput,
): Promise<void> {
  const field = fieldOf(input);
  const pending = await findPendingSignIn(ctx);
  if (!pending || !hasTwoFactor(pending.user)) {
    if (ctx.session.pendingSignIn) ctx.session.holdPendingSignIn(undefined);
    throw invalid(field, NO_PENDING_SIGN_IN);
  }
  const { user } = pending;
  const attempts = await hit(
    ctx.db,
    attemptsKey(pending),
    ATTEMPT_WINDOW_SECONDS,
    ctx.now,
  );
  if (attempts.hits > ctx.config["two-factor"]["challenge-attempts"])
    throw invalid(field, TOO_MANY_ATTEMPTS, {
      seconds: secondsUntil(attempts, ctx.now),
    });
  await verifySecondFactor(ctx, user, input);
  if (!(await consumePendingSignIn(ctx, pending)))
    throw invalid(field, NO_PENDING_SIGN_IN);
  await completeSignIn(ctx, user, {
    remember: pending.remember,
    method: "two-factor",
    amr: withSecondFactor(pending.method),
    properties: {
      first_factor: pending.method,
      second_factor: field === "code" ? "totp" : "recovery-code",
    },
    alongside: [
      clearStatement(ctx.db, attemptsKey(pending)),
      activityStatement(
        ctx.db,
        {
          event: "two-factor-challenge-passed",
          subjectId: user.id,
          ip: ctx.ip,
        },
        ctx.now,
      ),
    ],
  });
}
