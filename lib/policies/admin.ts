import "server-only";
import type { User } from "@/db/schema";
import type { AuthConfig } from "@/lib/auth/config";
import { getHooks } from "@/lib/auth/hooks";
import { isAdminEmail } from "@/lib/policies/is-admin";

/** isAdmin() with the application's replacement, if it set one. */
export function isAdmin(user: User, config: AuthConfig): boolean {
  const custom = getHooks().isAdmin;
  return custom ? custom(user, config) : isAdminEmail(user.email, config.admins);
}
