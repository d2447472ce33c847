import "server-only";
import type { User } from "@/db/schema";
import type { AuthConfig } from "@/lib/auth/config";
import { getHooks } from "@/lib/auth/hooks";
import { isAdminEmail } from "@/lib/policies/is-admin";
import { forbidden } from "@/lib/http/errors";

/** isAdmin() with the application's replacement, if it set one. */
export function isAdmin(user: User, config: AuthConfig): boolean {
  const custom = getHooks().isAdmin;
  return custom ? custom(user, config) : isAdminEmail(user.email, config.admins);
}

/** The signed-in administrator, or 401/403: the settings and operations pages are admin-only (SPEC §5.8). */
export function requireAdmin(ctx: { requireUser(): User; config: AuthConfig }): User {
  const user = ctx.requireUser();
  if (!isAdmin(user, ctx.config)) throw forbidden();
  return user;
}
