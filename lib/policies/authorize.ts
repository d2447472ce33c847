import "server-only";

// The one server-side way to ask the policies (lib/policies/*.ts, pure and shared with the client):
// the caller and the target as plain policy users, and 403 unless a rule says yes.
import type { User } from "@/db/schema";
import type { AuthConfig } from "@/lib/config/auth";
import { allows, IMPERSONATE_ABILITY } from "@/lib/policies/abilities";
import { isAdmin } from "@/lib/policies/admin";
import type { PolicyUser } from "@/lib/policies/user-policy";
import type { Context } from "@/lib/server/context";
import { forbidden } from "@/lib/http/errors";

/** The plain view of a user that policies and abilities receive: no secrets, isAdmin() resolved. */
export function policyUser(user: User, config: AuthConfig): PolicyUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    payload: user.payload ?? null,
    isAdmin: isAdmin(user, config),
  };
}

/** The `laravel-auth.impersonate` ability for database users (the target is optional, as in contract §2). */
export function canImpersonate(
  config: AuthConfig,
  user: User,
  target?: User | null,
): Promise<boolean> {
  return target
    ? allows(
        policyUser(user, config),
        IMPERSONATE_ABILITY,
        policyUser(target, config),
      )
    : allows(policyUser(user, config), IMPERSONATE_ABILITY);
}

/** The caller, and the caller as the user policy sees it (401 without one). */
export function currentActor(ctx: Context): { user: User; actor: PolicyUser } {
  const user = ctx.requireUser();
  return { user, actor: policyUser(user, ctx.config) };
}

/** The account a policy is asked about, as the policy sees it (isAdmin() resolved). */
export function policyTarget(ctx: Context, target: User): PolicyUser {
  return policyUser(target, ctx.config);
}

/** Laravel's `$this->authorize(...)`: 403 unless a policy answered yes. */
export function authorize(allowed: boolean): void {
  if (!allowed) throw forbidden();
}
