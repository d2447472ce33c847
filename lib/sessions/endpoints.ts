import "server-only";
import { AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import { endpointOf } from "@/lib/server/row-endpoint";
import { type Endpoint } from "@/lib/server/endpoint";
import { json } from "@/lib/http/respond";
import { endOtherSessions, endSession } from "@/lib/sessions/end";
import { listSessions, presentSessions } from "@/lib/sessions/list";

/** GET user/sessions → the caller's live sessions (decision record 024). */
export const listOwnSessions = endpointOf(AUTH_ACTIONS.sessions, {
  async run(ctx) {
    const user = ctx.requireUser();
    return json(presentSessions(await listSessions(ctx, user, ctx.session.id)));
  },
});

/** DELETE user/sessions/{id} → 204; ending one's own current session signs this browser out. */
export const destroyOwnSession: Endpoint = endpointOf(
  AUTH_ACTIONS["session-destroy"],
  {
    async run(ctx) {
      await endSession(ctx, ctx.requireUser(), ctx.params.id ?? "");
      return json(null, 204);
    },
  },
);

/** DELETE user/other-browser-sessions → 204 (behind the step-up). */
export const destroyOtherSessions: Endpoint = endpointOf(
  AUTH_ACTIONS["other-browser-sessions"],
  {
    async run(ctx) {
      await endOtherSessions(ctx, ctx.requireUser());
      return json(null, 204);
    },
  },
);
