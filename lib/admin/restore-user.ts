import "server-only";
import { routeUser } from "@/lib/admin/target-user";
import { defineEndpoint } from "@/lib/server/endpoint";
import { userPolicy } from "@/lib/policies/user-policy";
import {
  authorize,
  currentActor,
  policyTarget,
} from "@/lib/policies/authorize";
import { restoreUser as restore } from "@/lib/users/soft-delete";

/** POST /api/admin/users/{id}/restore (policy restore; never another administrator's account). Restoring an active user changes nothing. */
export const restoreUser = defineEndpoint({
  async run(ctx) {
    const { user, actor } = currentActor(ctx);
    const target = await routeUser(ctx, { withTrashed: true });
    authorize(userPolicy.restore(actor, policyTarget(ctx, target)));
    await restore(ctx, user, target);
    return { success: true };
  },
});
