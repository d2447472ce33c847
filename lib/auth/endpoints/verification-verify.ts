import "server-only";
import { recordActivity } from "@/lib/audit/activity";
import { emit } from "@/lib/server/events";
import { AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import { endpointOf } from "@/lib/server/row-endpoint";
import { linkMatchesUser, markVerified } from "@/lib/auth/verification";
import { forbidden } from "@/lib/http/errors";
import { safeRedirect } from "@/lib/http/safe-redirect";
import { redirectTo } from "@/lib/server/endpoint";

/**
 * The signed link of the verification email; only the signed-in owner of the address can use it.
 * A browser then goes on to the path it was kept from for want of a proven address (Fortify's
 * `redirect()->intended(…)`, decision record 110), or to the route's redirect.
 */
export const verificationVerify = endpointOf(
  AUTH_ACTIONS["verification-verify"],
  {
    async run(ctx) {
      const user = ctx.requireUser();
      if (!linkMatchesUser(user, ctx.params.id ?? "", ctx.params.hash ?? ""))
        throw forbidden();
      if (ctx.config["must-verify-email"]) {
        const verified = await markVerified(ctx.db, user, ctx.now);
        if (verified) {
          await recordActivity(
            ctx.db,
            { event: "email-verified", subjectId: user.id, ip: ctx.ip },
            ctx.now,
          );
          await emit("Verified", { user: verified });
          // A browser lands on the route's redirect, which confirms it once (decision record 070).
          if (!ctx.wantsJson)
            ctx.session.flash(
              "status",
              ctx.t("Your email address has been verified."),
            );
        }
      }
      const intended = ctx.session.intended;
      if (ctx.wantsJson || intended === undefined) return { verified: true };
      ctx.session.keepIntended(undefined);
      return redirectTo(safeRedirect(intended));
    },
  },
);
