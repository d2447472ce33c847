import "server-only";
import type { User } from "@/db/schema";
import type { AuthConfig } from "@/lib/config/auth";
import { getHooks } from "@/lib/server/hooks";
import { isVerified } from "@/lib/policies/verified";
import { isAdminEmail } from "@/lib/policies/is-admin";
import { forbidden } from "@/lib/http/errors";
import type { Context } from "@/lib/server/context";
import { defineMiddleware, noArgs } from "@/lib/server/middleware";

/**
 * isAdmin(), the one rule behind `is_admin`, the Gate, the user policy and the admin pages. By
 * default: the address is on `admins` and verified (decision 011). The address only changes
 * through a confirmation, so "verified now" is "verified since its latest change". With
 * `must-verify-email` off every address counts as verified: the list alone decides (contract §1 rule 5).
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

/** The registry's name of the administrators-only middleware: every route under /api/admin declares it. */
export const ADMIN_MIDDLEWARE = "admin";

/**
 * The `admin` middleware: the signed-in caller (401 without one) must be an administrator by
 * isAdmin(), else 403. Declared on the route's row, after its guard, so no endpoint repeats the
 * check and none can forget it (test/unit/admin-routes.test.ts walks the host routes; decision
 * record 064). Per-target rules (another administrator's account, one's own) stay with the user
 * policy in the endpoint, once the target is loaded.
 */
export const adminOnly = defineMiddleware({
  parse: noArgs,
  async run(ctx: Context) {
    if (!isAdmin(ctx.requireUser(), ctx.config)) throw forbidden();
  },
});
