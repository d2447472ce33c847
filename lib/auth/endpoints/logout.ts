import "server-only";
import { eq } from "drizzle-orm";
import { personalAccessTokens } from "@/db/schema";
import { recordActivity } from "@/lib/audit/activity";
import { openImpersonationToken } from "@/lib/auth/impersonation";
import { defineEndpoint } from "@/lib/auth/routes/endpoint";

export const logout = defineEndpoint({
  async run(ctx) {
    const user = ctx.requireUser();
    // A token-authenticated caller signs out by giving up the token it used.
    if (ctx.auth?.via === "token" && ctx.auth.token) {
      await ctx.db.delete(personalAccessTokens).where(eq(personalAccessTokens.id, ctx.auth.token.id));
    }
    // Signing out while impersonating ends the impersonation too: the audit trail says so.
    const impersonation = ctx.auth?.via === "session" ? (await ctx.session.data())?.impersonate_token : undefined;
    const requester = impersonation ? (await openImpersonationToken(ctx, impersonation))?.requester : undefined;
    await ctx.session.logout();
    if (impersonation) {
      await recordActivity(ctx.db, { event: "impersonation-ended", subjectId: user.id, causerId: requester ?? null, ip: ctx.ip, properties: { reverted: false, reason: "logout" } }, ctx.now);
    }
    await recordActivity(ctx.db, { event: "logout", subjectId: user.id, ip: ctx.ip }, ctx.now);
    return { success: true };
  },
});
