import "server-only";
import { routeUser } from "@/lib/admin/target-user";
import { ADMIN_USER_TOKENS } from "@/lib/contract/admin/routes";
import { listTokensWithUsage } from "@/lib/auth/token-list";
import { userPolicy } from "@/lib/policies/user-policy";
import {
  authorize,
  currentActor,
  policyTarget,
} from "@/lib/policies/authorize";
import { defineEndpoint } from "@/lib/server/endpoint";
import type { HostRoute } from "@/lib/server/pipeline";

/**
 * GET /api/admin/users/{id}/tokens: a user's tokens with their use, exactly as `tokens` shows them
 * to the owner (decision record 045). A read (policy `view`), so an administrator sees another
 * administrator's too; the secrets are never stored, so none can be shown.
 */
const listUserTokens = defineEndpoint({
  async run(ctx) {
    const { actor } = currentActor(ctx);
    const target = await routeUser(ctx, { withTrashed: false });
    authorize(userPolicy.view(actor, policyTarget(ctx, target)));
    return {
      tokens: await listTokensWithUsage(
        ctx.db,
        ctx.config["user-class"],
        target.id,
        ctx.now,
      ),
    };
  },
});

/** GET /api/admin/users/{id}/tokens. */
export const ADMIN_USER_TOKENS_ROUTE: HostRoute = {
  ...ADMIN_USER_TOKENS,
  endpoint: listUserTokens,
  // Administrators only, before anything is looked up (the `admin` middleware, decision record 064).
  middleware: ["auth:sanctum", "admin"],
  ability: "admin",
  credential: "administers",
};
