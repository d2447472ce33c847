import "server-only";
import { routeUser } from "@/lib/admin/target-user";
import { defineEndpoint } from "@/lib/server/endpoint";
import { json } from "@/lib/http/respond";
import { userPolicy } from "@/lib/policies/user-policy";
import { endSession } from "@/lib/sessions/end";
import { listSessions, presentSessions } from "@/lib/sessions/list";
import {
  authorize,
  currentActor,
  policyTarget,
} from "@/lib/policies/authorize";

/** GET /api/admin/users/{id}/sessions: a user's live sessions, as `GET user/sessions` shows them (policy manage). */
export const listUserSessions = defineEndpoint({
  async run(ctx) {
    const { actor } = currentActor(ctx);
    const target = await routeUser(ctx, { withTrashed: false });
    authorize(userPolicy.manage(actor, policyTarget(ctx, target)));
    return json(presentSessions(await listSessions(ctx, target, undefined)));
  },
});

/** DELETE /api/admin/users/{id}/sessions/{sessionId} → 204 (policy manage; audited with the administrator as causer). */
export const destroyUserSession = defineEndpoint({
  async run(ctx) {
    const { user, actor } = currentActor(ctx);
    const target = await routeUser(ctx, { withTrashed: false });
    authorize(userPolicy.manage(actor, policyTarget(ctx, target)));
    await endSession(ctx, target, ctx.params.sessionId ?? "", user);
    return json(null, 204);
  },
});
