import "server-only";
import { recordActivity } from "@/lib/audit/activity";
import {
  assertImpersonationOpen,
  authorizeTokenUse,
} from "@/lib/auth/impersonation";
import { AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import { endpointOf } from "@/lib/server/row-endpoint";
import { presentUser } from "@/lib/users/users";

/**
 * contract §3 Impersonation, GET impersonate/{token}: signs in as the target on a regenerated
 * session holding `impersonate_token`. Any failed condition is a 403 with the session unchanged.
 */
export const impersonateToken = endpointOf(AUTH_ACTIONS["impersonate-token"], {
  async run(ctx) {
    const requester = assertImpersonationOpen(ctx);
    const token = ctx.params.token ?? "";
    const { target, data } = await authorizeTokenUse(ctx, requester, token);
    await ctx.session.login(target, {
      remember: false,
      method: "impersonation",
      impersonating: { token, requester, at: data.at },
    });
    await recordActivity(
      ctx.db,
      {
        event: "impersonation-started",
        subjectId: target.id,
        causerId: requester.id,
        ip: ctx.ip,
      },
      ctx.now,
    );
    return { success: true, user: presentUser(target) };
  },
});
