import "server-only";
import { AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import { endpointOf } from "@/lib/server/row-endpoint";
import { queueVerificationMail } from "@/lib/auth/verification";
import { isVerified } from "@/lib/policies/verified";

/** contract §3 Email verification. Without JSON it redirects (default `/admin`): only forgot-password and flush-tokens go back (contract §1). */
export const emailVerificationNotification = endpointOf(
  AUTH_ACTIONS["email-verification-notification"],
  {
    async run(ctx) {
      const user = ctx.requireUser();
      if (isVerified(ctx, user))
        return { success: true, status: "already-verified" };
      await queueVerificationMail(ctx, user);
      ctx.services.wakeMailWorker();
      return { success: true, status: "verification-link-sent" };
    },
  },
);
