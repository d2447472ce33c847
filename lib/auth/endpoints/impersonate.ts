import "server-only";
import {
  assertImpersonationOpen,
  issueImpersonationToken,
  mayRequestImpersonation,
} from "@/lib/auth/impersonation";
import { getHooks } from "@/lib/server/hooks";
import { AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import { endpointOf } from "@/lib/server/row-endpoint";
import { actionPath } from "@/lib/server/url";
import { forbidden, invalid } from "@/lib/http/errors";
import { userIdRule } from "@/lib/users/ids";
import { findUserById } from "@/lib/users/users";

const NOT_FOUND = "The selected :attribute is invalid.";

/** contract §4 POST impersonate: `{token, url}` for an allowed caller and an existing target. */
export const impersonate = endpointOf(AUTH_ACTIONS.impersonate, {
  // contract §1: impersonate always answers JSON.
  nonJson: "json",
  // Closed routes answer 403 before any validation message.
  refuse: (_config, ctx) => {
    assertImpersonationOpen(ctx);
  },
  replacedBy: (config) => getHooks().impersonationRules?.(config),
  rules: () => ({ target_user_id: userIdRule(NOT_FOUND) }),
  async run(ctx, input) {
    const user = assertImpersonationOpen(ctx);
    // Soft-deleted accounts do not exist here: nobody can sign in as them.
    const target = await findUserById(ctx.db, input.target_user_id);
    // Authorized first, so only someone allowed to impersonate learns which ids exist.
    if (!(await mayRequestImpersonation(ctx, user, target))) throw forbidden();
    if (!target) throw invalid("target_user_id", NOT_FOUND);
    const token = await issueImpersonationToken(ctx, user, target);
    return {
      token,
      url: `${ctx.env.APP_URL}${actionPath(ctx.config, "impersonate-token", { token })}`,
    };
  },
});
