import "server-only";
import { recordActivity } from "@/lib/audit/activity";
import { assertImpersonationOpen, isWithinMaxDuration, openImpersonationToken } from "@/lib/auth/impersonation";
import { defineEndpoint } from "@/lib/auth/routes/endpoint";
import { forbidden } from "@/lib/http/errors";
import { findUserById, presentUser } from "@/lib/users/users";

/**
 * SPEC.md §3 Impersonation, POST revert-impersonate: back to the original account within
 * `impersonation-max-duration` of the token request while it exists; otherwise signed out.
 */
export const revertImpersonate = defineEndpoint({
  async run(ctx) {
    const impersonated = assertImpersonationOpen(ctx);
    const sealed = (await ctx.session.data())?.impersonate_token;
    if (!sealed) throw forbidden();
    // A token that no longer opens (SESSION_SECRET rotated) proves nothing: treat it as expired.
    const data = await openImpersonationToken(ctx, sealed);
    const inTime = data !== null && isWithinMaxDuration(ctx, data);
    const original = data && inTime ? await findUserById(ctx.db, data.requester) : null;
    const entry = { event: "impersonation-ended", subjectId: impersonated.id, causerId: data?.requester ?? null, ip: ctx.ip } as const;
    if (!original) {
      await ctx.session.logout();
      const reason = inTime ? "original-gone" : data ? "expired" : "invalid-token";
      await recordActivity(ctx.db, { ...entry, properties: { reverted: false, reason } }, ctx.now);
      return { success: false, user: null };
    }
    await ctx.session.login(original, { remember: false });
    await recordActivity(ctx.db, { ...entry, properties: { reverted: true } }, ctx.now);
    return { success: true, user: presentUser(original) };
  },
});
