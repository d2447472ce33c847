import "server-only";
import { recordActivity } from "@/lib/audit/activity";
import { AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import { endpointOf } from "@/lib/server/row-endpoint";
import { flushTokens as flush } from "@/lib/auth/tokens";

export const flushTokens = endpointOf(AUTH_ACTIONS["flush-tokens"], {
  nonJson: "back",
  async run(ctx) {
    const user = ctx.requireUser();
    const count = await flush(ctx.db, ctx.config["user-class"], user.id);
    await recordActivity(
      ctx.db,
      {
        event: "tokens-flushed",
        subjectId: user.id,
        ip: ctx.ip,
        properties: { count },
      },
      ctx.now,
    );
    return { success: true, message: ctx.t("All tokens have been revoked.") };
  },
});
