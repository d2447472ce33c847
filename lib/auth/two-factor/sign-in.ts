import "server-only";
import type { SQLWrapper } from "drizzle-orm";
import type { User } from "@/db/schema";
import { activityStatement } from "@/lib/audit/activity";
import { logSignIn } from "@/lib/authentication-log/new-device";
import type { DeviceHistory } from "@/lib/authentication-log/record";
import type { Context } from "@/lib/server/context";
import { emit } from "@/lib/server/events";
import type { SignInMethod } from "@/lib/server/session-store";
import { type Redirect, redirectTo } from "@/lib/server/endpoint";
import { hasTwoFactor } from "@/lib/auth/two-factor/account";
import {
  forgetPendingStatement,
  holdSignIn,
  type PendingMethod,
} from "@/lib/auth/two-factor/pending";

/** The challenge screen (app/auth/two-factor-challenge/page.tsx) a browser without JSON is sent to. */
const TWO_FACTOR_CHALLENGE_PAGE = "/auth/two-factor-challenge";

type SignInOptions = {
  remember: boolean;
  method: SignInMethod;
  /** RFC 8176's methods the factors proved (lib/auth/authentication-methods.ts). */
  amr: string[];
  alongside?: SQLWrapper[];
  properties?: Record<string, unknown>;
  /** The device's sign-in history, when the caller's own lookup read it (login does). */
  deviceHistory?: DeviceHistory;
};

/**
 * Finishes a sign-in whose every factor was given: a new session (fixation-proof), this browser's
 * pending sign-in forgotten, and the `login` audit entry with its method, in one statement; the
 * sign-in history's row with them, and from a new device its mail (decision record 095). Called
 * by login, the challenge, a social callback, and a passkey sign-in (which is a second factor).
 */
export async function completeSignIn(
  ctx: Context,
  user: User,
  options: SignInOptions,
): Promise<void> {
  const audit = activityStatement(
    ctx.db,
    {
      event: "login",
      subjectId: user.id,
      ip: ctx.ip,
      properties: { method: options.method, ...options.properties },
    },
    ctx.now,
  );
  const forget = forgetPendingStatement(ctx);
  const history = await logSignIn(ctx, user, options.deviceHistory);
  await ctx.session.login(user, {
    remember: options.remember,
    method: options.method,
    amr: options.amr,
    alongside: [
      ...(options.alongside ?? []),
      ...(forget ? [forget] : []),
      audit,
      ...history.alongside,
    ],
  });
  await history.after();
}

/**
 * After the first factor: a user with a confirmed second factor is held for the challenge, and the
 * reply is Fortify's `{"two_factor": true}` (the challenge screen for a browser without JSON);
 * null for anyone else, whom the caller signs in. `alongside` writes go with the pending sign-in.
 */
export async function holdForChallenge(
  ctx: Context,
  user: User,
  options: {
    remember: boolean;
    method: PendingMethod;
    alongside?: SQLWrapper[];
  },
): Promise<{ two_factor: true } | Redirect | null> {
  if (!hasTwoFactor(user)) return null;
  await holdSignIn(ctx, user, options);
  await emit("TwoFactorAuthenticationChallenged", { user });
  return ctx.wantsJson
    ? { two_factor: true as const }
    : redirectTo(TWO_FACTOR_CHALLENGE_PAGE);
}
