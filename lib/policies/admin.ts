import "server-only";
import type { User } from "@/db/schema";
import type { AuthConfig } from "@/lib/config/auth";
import { getHooks } from "@/lib/server/hooks";
import { isVerified } from "@/lib/policies/verified";
import { isAdminEmail } from "@/lib/policies/is-admin";
import { forbidden } from "@/lib/http/errors";

/**
 * isAdmin(), the one rule behind `is_admin`, the Gate, the user policy and the admin pages. By
 * default: the address is on `admins` and verified (decision 011). The address only changes
 * through a confirmation, so "verified now" is "verified since its latest change". With
 * `must-verify-email` off every address counts as verified: the list alone decides (SPEC §1 rule 5).
 * The application's `isAdmin` hook replaces the whole rule.
 */
export function isAdmin(user: User, config: AuthConfig): boolean {
  const custom = getHooks().isAdmin;
  if (custom) return custom(user, config);
  return (
    isAdminEmail(user.email, config.admins) && isVerified({ config }, user)
  );
}

/**
 * The start-up warning for administrators whose addresses nothing proves: with `must-verify-email`
 * off, whoever registers a listed address first is an administrator. Null when that is not the case.
 */
export function unverifiedAdministratorsWarning(
  config: AuthConfig,
): string | null {
  if (
    config["must-verify-email"] ||
    config.admins.length === 0 ||
    getHooks().isAdmin
  )
    return null;
  return (
    "[admins] must-verify-email is off, so an address on the administrators' list (admins / ADMIN_EMAILS) is trusted " +
    "without proof: whoever registers one of them first is an administrator. Turn must-verify-email on, or register " +
    "every listed address before opening the service (decision record 014)."
  );
}

/** The signed-in administrator, or 401/403: the settings and operations pages are admin-only (SPEC §5.8). */
export function requireAdmin(ctx: {
  requireUser(): User;
  config: AuthConfig;
}): User {
  const user = ctx.requireUser();
  if (!isAdmin(user, ctx.config)) throw forbidden();
  return user;
}
