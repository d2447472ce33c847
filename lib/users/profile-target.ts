import "server-only";
import type { User } from "@/db/schema";
import {
  authorize,
  currentActor,
  policyTarget,
} from "@/lib/policies/authorize";
import type { Context } from "@/lib/server/context";
import { notFound } from "@/lib/http/errors";
import { userPolicy } from "@/lib/policies/user-policy";
import { findUserById } from "@/lib/users/users";

/**
 * The account a profile route acts on, once the user policy allows `update` (contract §4 User
 * policy): 403, or 404 only for callers who could update someone else, so nobody else learns
 * whether an id exists. Returns the caller too. Used by every route that changes an account's
 * profile (the update, and resend and cancel of a pending address).
 */
export async function profileTarget(
  ctx: Context,
  userId: number,
): Promise<{ user: User; target: User }> {
  const { user, actor } = currentActor(ctx);
  const target = await findUserById(ctx.db, userId);
  if (!target) {
    authorize(userPolicy.update(actor, { id: userId, isAdmin: false }));
    throw notFound();
  }
  // Never another administrator's account, whatever the field (decision record 014).
  authorize(userPolicy.update(actor, policyTarget(ctx, target)));
  return { user, target };
}
