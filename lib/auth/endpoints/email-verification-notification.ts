import "server-only";
import { defineEndpoint } from "@/lib/auth/routes/endpoint";
import { isVerified, queueVerificationMail } from "@/lib/auth/verification";

export const emailVerificationNotification = defineEndpoint({
  nonJson: "back",
  async run(ctx) {
    const user = ctx.requireUser();
    if (isVerified(ctx, user)) return { success: true, status: "already-verified" };
    await queueVerificationMail(ctx, user);
    ctx.services.wakeMailWorker();
    return { success: true, status: "verification-link-sent" };
  },
});
