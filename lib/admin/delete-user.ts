import "server-only";
import { routeUser } from "@/lib/admin/target-user";
import { defineEndpoint } from "@/lib/server/endpoint";
import { userPolicy } from "@/lib/policies/user-policy";
import {
  authorize,
  currentActor,
  policyTarget,
} from "@/lib/policies/authorize";
import { softDeleteUser } from "@/lib/users/soft-delete";
import { requestEventDeps } from "@/lib/server/credential-ledger";

/** DELETE /api/admin/users/{id}: soft delete (policy delete; never one's own account nor another administrator's). */
export const deleteUser = defineEndpoint({
  async run(ctx) {
    const { user, actor } = currentActor(ctx);
    const target = await routeUser(ctx, { withTrashed: false });
    authorize(userPolicy.delete(actor, policyTarget(ctx, target)));
    await softDeleteUser(
      { db: ctx.db, ...requestEventDeps(ctx) },
      user,
      target,
    );
    return { success: true };
  },
});
