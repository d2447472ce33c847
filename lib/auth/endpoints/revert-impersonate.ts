import "server-only";
import { recordActivity } from "@/lib/audit/activity";
import {
  assertImpersonationOpen,
  openImpersonationToken,
} from "@/lib/auth/impersonation";
import {
  endedEntry,
  type ImpersonationEnd,
} from "@/lib/audit/impersonation-end";
import { AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import { endpointOf } from "@/lib/server/row-endpoint";
import { forbidden } from "@/lib/http/errors";
import { presentUser } from "@/lib/users/users";

/**
 * contract §3 Impersonation, POST revert-impersonate: back to the original account while the
 * impersonation may go on (decision record 008: within `impersonation-max-duration` of the token
 * request, the requester not deleted, their password unchanged, still allowed); otherwise signed
 * out with `{success: false, user: null}` — or 403 when `allow-impersonate` is off (contract §1).
 */
export const revertImpersonate = endpointOf(
  AUTH_ACTIONS["revert-impersonate"],
  {
    async run(ctx) {
      const impersonated = ctx.requireUser();
      // The session's watch leaves an impersonation that is over to this endpoint to answer.
      const ended =
        ctx.auth?.via === "session"
          ? ((await ctx.session.endedImpersonation()) as ImpersonationEnd | null)
          : null;
      const { id: requesterId, user: original } =
        await ctx.session.impersonator();
      const signOut = async (reason: ImpersonationEnd) => {
        if (await ctx.session.logout())
          await recordActivity(
            ctx.db,
            endedEntry(ctx.ip, impersonated.id, requesterId, reason),
            ctx.now,
          );
        return { success: false, user: null };
      };
      if (ended === "impersonation-disabled") {
        await signOut(ended);
        throw forbidden();
      }
      if (ended) return signOut(ended);
      assertImpersonationOpen(ctx);
      const sealed = (await ctx.session.data())?.impersonate_token;
      if (!sealed) throw forbidden();
      // A token that no longer opens (SESSION_SECRET rotated) proves nothing: signed out.
      const data = await openImpersonationToken(ctx, sealed);
      if (!original || data?.requester !== original.id)
        return signOut("invalid-token");
      await ctx.session.login(original, {
        remember: false,
        method: "impersonation",
      });
      await recordActivity(
        ctx.db,
        {
          event: "impersonation-ended",
          subjectId: impersonated.id,
          causerId: original.id,
          ip: ctx.ip,
          properties: { reverted: true },
        },
        ctx.now,
      );
      return { success: true, user: presentUser(original) };
    },
  },
);
