import "server-only";
import { defineEndpoint } from "@/lib/server/endpoint";
import { listTokens, presentToken } from "@/lib/auth/tokens";

export const tokens = defineEndpoint({
  async run(ctx) {
    const user = ctx.requireUser();
    const rows = await listTokens(ctx.db, ctx.config["user-class"], user.id);
    return { tokens: rows.map(presentToken) };
  },
});
