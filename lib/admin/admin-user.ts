import "server-only";
import type { User } from "@/db/schema";
import type { Context } from "@/lib/server/context";
import { mayRequestImpersonation } from "@/lib/auth/impersonation";
import { type PolicyUser, userPolicy } from "@/lib/policies/user-policy";
import { policyTarget } from "@/lib/policies/authorize";
import { presentUser } from "@/lib/users/users";
import { hasTwoFactor } from "@/lib/auth/two-factor/account";

/**
 * A row of the admin table: the presented user, whether they are an administrator, when they
 * were deleted, and what the caller may do with them (so the table shows only usable buttons).
 */
export async function presentAdminUser(
  ctx: Context,
  caller: User,
  actor: PolicyUser,
  user: User,
) {
  const trashed = user.deletedAt !== null;
  const subject = policyTarget(ctx, user);
  // Impersonation needs the switch on and a session (contract §5 rule 5), as the endpoint does.
  const impersonationOpen =
    ctx.config["allow-impersonate"] && ctx.auth?.via === "session";
  return {
    ...presentUser(user),
    is_admin: subject.isAdmin,
    deleted_at: user.deletedAt?.toISOString() ?? null,
    two_factor_enabled: hasTwoFactor(user),
    can: {
      impersonate:
        impersonationOpen &&
        !trashed &&
        (await mayRequestImpersonation(ctx, caller, user)),
      delete: !trashed && userPolicy.delete(actor, subject),
      restore: trashed && userPolicy.restore(actor, subject),
      // See and end their sessions, reset their second factor (decision records 023–024).
      manage: !trashed && userPolicy.manage(actor, subject),
    },
  };
}
