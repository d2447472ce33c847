import "server-only";
import { eq } from "drizzle-orm";
import { personalAccessTokens } from "@/db/schema";
import { recordActivity } from "@/lib/audit/activity";
import { endedEntry } from "@/lib/audit/impersonation-end";
import { defineEndpoint } from "@/lib/server/endpoint";

export const logout = defineEndpoint({
  async run(ctx) {
    const user = ctx.requireUser();
    // A token-authenticated caller signs out by giving up the token it used.
    if (ctx.auth?.via === "token" && ctx.auth.token) {
      await ctx.db
        .delete(personalAccessTokens)
        .where(eq(personalAccessTokens.id, ctx.auth.token.id));
    }
    // Signing out while impersonating ends the impersonation too: the audit trail says so.
    const impersonation =
      ctx.auth?.via === "session"
        ? (await ctx.session.data())?.impersonate_token
        : undefined;
    const { id: requester } = await ctx.session.impersonator();
    await ctx.session.logout();
    if (impersonation)
      await recordActivity(
        ctx.db,
        endedEntry(ctx.ip, user.id, requester, "logout"),
        ctx.now,
      );
    await recordActivity(
      ctx.db,
      { event: "logout", subjectId: user.id, ip: ctx.ip },
      ctx.now,
    );
    return { success: true };
  },
});
