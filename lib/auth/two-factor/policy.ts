import "server-only";
import type { User } from "@/db/schema";
import { AUTH_ACTIONS, type AuthAction } from "@/lib/contract/auth-actions";
import type { AuthConfig } from "@/lib/config/auth";
import type { Context } from "@/lib/server/context";
import { forbidden } from "@/lib/http/errors";
import { isAdmin } from "@/lib/policies/admin";
import { hasTwoFactor } from "@/lib/auth/two-factor/account";

const ENROLMENT_REQUIRED =
  "Two-factor authentication must be enabled on your account first. Turn it on from your profile.";

/** `two-factor.required` (decision record 023): whether this user must have a second factor. */
export function isTwoFactorRequired(user: User, config: AuthConfig): boolean {
  const required = config["two-factor"].required;
  return (
    required === "everyone" || (required === "admins" && isAdmin(user, config))
  );
}

/** Whether the user must enrol before anything else (get-auth's `two_factor_required`). */
export function mustEnrol(user: User, config: AuthConfig): boolean {
  return isTwoFactorRequired(user, config) && !hasTwoFactor(user);
}

/**
 * Run by the `auth` middleware once it found the user: 403 until they enrol, except on the rows
 * marked `openBeforeEnrolment` (lib/contract/auth-actions.ts): enrolment, the step-up it needs,
 * signing out, and an administrator's way back out of an impersonation of them.
 */
export function enforceEnrolment(ctx: Context, user: User): void {
  if (!mustEnrol(user, ctx.config)) return;
  const action: AuthAction | null = ctx.route
    ? AUTH_ACTIONS[ctx.route.action]
    : null;
  if (action?.openBeforeEnrolment) return;
  throw forbidden(ENROLMENT_REQUIRED);
}
