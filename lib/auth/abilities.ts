import "server-only";
import type { User } from "@/db/schema";
import type { AuthConfig } from "@/lib/auth/config";
import { allows, IMPERSONATE_ABILITY } from "@/lib/policies/abilities";
import { isAdmin } from "@/lib/policies/admin";
import type { PolicyUser } from "@/lib/policies/user-policy";

/** The plain view of a user that policies and abilities receive: no secrets, isAdmin() resolved. */
export function policyUser(user: User, config: AuthConfig): PolicyUser {
  return { id: user.id, name: user.name, email: user.email, payload: user.payload ?? null, isAdmin: isAdmin(user, config) };
}

/** The `laravel-auth.impersonate` ability for database users (the target is optional, as in SPEC.md §2). */
export function canImpersonate(config: AuthConfig, user: User, target?: User | null): Promise<boolean> {
  return target
    ? allows(policyUser(user, config), IMPERSONATE_ABILITY, policyUser(target, config))
    : allows(policyUser(user, config), IMPERSONATE_ABILITY);
}
