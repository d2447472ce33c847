import "server-only";
import type { Context } from "@/lib/server/context";
import { emit } from "@/lib/server/events";
import type { SessionData } from "@/lib/server/session-store";
import { HttpError } from "@/lib/http/errors";
import { recordActivity } from "@/lib/audit/activity";

/** Laravel's answer when a route needs a recent password confirmation (decision record 024). */
export const PASSWORD_CONFIRMATION_REQUIRED = "Password confirmation required.";

const nowSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

/** Whether the session confirmed within `timeoutSeconds` (Laravel's `password_timeout`). */
function isPasswordConfirmed(
  data: SessionData | null,
  now: Date,
  timeoutSeconds: number,
): boolean {
  const at = data?.password_confirmed_at;
  return at !== undefined && nowSeconds(now) - at < timeoutSeconds;
}

/** Whether this session confirmed its password within `timeoutSeconds` (Fortify's `seconds` input; the configured timeout by default). */
export async function sessionConfirmed(
  ctx: Context,
  timeoutSeconds = ctx.config.passwords["confirm-timeout"],
): Promise<boolean> {
  return isPasswordConfirmed(await ctx.session.data(), ctx.now, timeoutSeconds);
}

/**
 * Marks this session's password as just confirmed (`auth.password_confirmed_at`). Called after
 * `POST user/confirm-password`, and by any other proof of presence that counts as one (a passkey,
 * the password create-token checked for the session's own user).
 */
export async function markPasswordConfirmed(
  ctx: Context,
  user = ctx.requireUser(),
): Promise<void> {
  await ctx.session.update({ password_confirmed_at: nowSeconds(ctx.now) });
  await recordActivity(
    ctx.db,
    { event: "password-confirmed", subjectId: user.id, ip: ctx.ip },
    ctx.now,
  );
  await emit("PasswordConfirmed", { user });
}

/**
 * The `password.confirm` middleware (Laravel's RequirePassword): a request carrying a signed-in
 * session whose last confirmation is older than `passwords.confirm-timeout` answers 423. A
 * request authenticated by a bearer token alone has no session to confirm and passes: what a token
 * may do is its abilities' business (decision record 024).
 */
export async function requirePasswordConfirmation(ctx: Context): Promise<void> {
  if (ctx.auth?.via === "token") return;
  if (!(await ctx.session.user())) return;
  if (!(await sessionConfirmed(ctx)))
    throw new HttpError(423, PASSWORD_CONFIRMATION_REQUIRED);
}
