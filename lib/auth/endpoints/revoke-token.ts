import "server-only";
import { recordActivity } from "@/lib/audit/activity";
import { AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import { endpointOf } from "@/lib/server/row-endpoint";
import { revokeToken as revoke } from "@/lib/auth/tokens";
import { tokenIdInput } from "@/lib/auth/token-input";

/** `{revoked}` is true only when one of the caller's own tokens was deleted. */
export const revokeToken = endpointOf(AUTH_ACTIONS["revoke-token"], {
  rules: () => ({ token_id: tokenIdInput }),
  async run(ctx, input) {
    const user = ctx.requireUser();
    const revoked = await revoke(
      ctx.db,
      ctx.config["user-class"],
      user.id,
      input.token_id,
    );
    if (revoked)
      await recordActivity(
        ctx.db,
        {
          event: "token-revoked",
          subjectId: user.id,
          ip: ctx.ip,
          properties: { token_id: input.token_id },
        },
        ctx.now,
      );
    return { revoked };
  },
});
