import "server-only";
import type { User } from "@/db/schema";
import { policyUser } from "@/lib/auth/abilities";
import type { Context } from "@/lib/auth/context";
import { forbidden } from "@/lib/http/errors";
import type { PolicyUser } from "@/lib/policies/user-policy";

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
