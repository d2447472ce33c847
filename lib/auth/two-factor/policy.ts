import "server-only";
import type { User } from "@/db/schema";
import type { ActionName } from "@/lib/config/auth-actions";
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
 * What a user who must enrol may still reach: enrolment, the step-up it needs, signing out, and
 * an administrator's way back out of an impersonation of them (get-auth has no guard).
 */
const OPEN_TO_UNENROLLED = new Set<ActionName>([
  "two-factor-enable",
  "two-factor-confirm",
  "two-factor-qr-code",
  "two-factor-secret-key",
  "two-factor-recovery-codes",
  "two-factor-regenerate-recovery-codes",
  "confirm-password",
  "confirmed-password-status",
  // The same step-up, by passkey (decision record 026).
  "passkey-confirm-options",
  "passkey-confirm",
  "logout",
  "revert-impersonate",
]);

/** Run by the `auth` middleware once it found the user: 403 on every other route until they enrol. */
export function enforceEnrolment(ctx: Context, user: User): void {
  if (!mustEnrol(user, ctx.config)) return;
  if (ctx.route && OPEN_TO_UNENROLLED.has(ctx.route.action)) return;
  throw forbidden(ENROLMENT_REQUIRED);
}
