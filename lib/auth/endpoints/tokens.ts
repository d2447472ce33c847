import "server-only";
import { AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import { endpointOf } from "@/lib/server/row-endpoint";
import { listTokensWithUsage } from "@/lib/auth/token-list";

export const tokens = endpointOf(AUTH_ACTIONS.tokens, {
  async run(ctx) {
    const user = ctx.requireUser();
    return {
      tokens: await listTokensWithUsage(
        ctx.db,
        ctx.config["user-class"],
        user.id,
        ctx.now,
      ),
    };
  },
});
