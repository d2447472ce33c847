import "server-only";
import { defineEndpoint } from "@/lib/server/endpoint";
import { listTokensWithUsage } from "@/lib/auth/token-list";

export const tokens = defineEndpoint({
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
