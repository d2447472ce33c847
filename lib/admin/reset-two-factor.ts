import "server-only";
import { routeUser } from "@/lib/admin/target-user";
import { recordActivity } from "@/lib/audit/activity";
import { emit } from "@/lib/server/events";
import { defineEndpoint } from "@/lib/server/endpoint";
import { mailQueueKey } from "@/lib/crypto/secrets";
import { json } from "@/lib/http/respond";
import { enqueueMail } from "@/lib/mail/queue";
import { twoFactorResetMail } from "@/lib/mail/templates/two-factor-notices";
import { userPolicy } from "@/lib/policies/user-policy";
import { clearTwoFactor } from "@/lib/auth/two-factor/account";
import { requirePasswordConfirmation } from "@/lib/sessions/step-up";
import {
  authorize,
  currentActor,
  policyTarget,
} from "@/lib/policies/authorize";
import { PROFILE_PATH } from "@/lib/users/email-change";

/**
 * DELETE /api/admin/users/{id}/two-factor → 204: turns a user's second factor off (someone who lost
 * their phone and their codes). Policy manage (never another administrator's), behind the step-up;
 * audited, and the owner is told by mail in the same transaction (decision record 023).
 */
export const resetTwoFactor = defineEndpoint({
  async run(ctx) {
    const { user, actor } = currentActor(ctx);
    const target = await routeUser(ctx, { withTrashed: false });
    authorize(userPolicy.manage(actor, policyTarget(ctx, target)));
    await requirePasswordConfirmation(ctx);
    if (target.twoFactorSecret === null) return json(null, 204);
    await ctx.db.transaction(async (tx) => {
      await clearTwoFactor(tx, target.id, ctx.now);
      await recordActivity(
        tx,
        {
          event: "two-factor-reset",
          subjectId: target.id,
          causerId: user.id,
          ip: ctx.ip,
        },
        ctx.now,
      );
      const notice = {
        to: target.email,
        at: ctx.now,
        ip: ctx.ip,
        profileUrl: `${ctx.env.APP_URL}${PROFILE_PATH}`,
      };
      await enqueueMail(
        tx,
        twoFactorResetMail(ctx.locale, notice),
        ctx.now,
        mailQueueKey(ctx.env.SESSION_SECRET),
      );
    });
    await emit("TwoFactorAuthenticationDisabled", { user: target });
    return json(null, 204);
  },
});
