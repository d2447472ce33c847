import "server-only";
import { eq } from "drizzle-orm";
import { personalAccessTokens } from "@/db/schema";
import { recordActivity } from "@/lib/audit/activity";
import { signOutSession } from "@/lib/auth/sign-out";
import { AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import { endpointOf } from "@/lib/server/row-endpoint";

export const logout = endpointOf(AUTH_ACTIONS.logout, {
  async run(ctx) {
    const user = ctx.requireUser();
    // A token-authenticated caller signs out by giving up the token it used.
    if (ctx.auth?.via === "token" && ctx.auth.token) {
      await ctx.db
        .delete(personalAccessTokens)
        .where(eq(personalAccessTokens.id, ctx.auth.token.id));
      await ctx.session.logout();
      await recordActivity(
        ctx.db,
        { event: "logout", subjectId: user.id, ip: ctx.ip },
        ctx.now,
      );
      return { success: true };
    }
    await signOutSession(ctx, user);
    return { success: true };
  },
});
