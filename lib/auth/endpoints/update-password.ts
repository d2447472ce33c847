import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { users } from "@/db/schema";
import { recordActivity } from "@/lib/audit/activity";
import { emit } from "@/lib/server/events";
import { hashPassword, verifyPassword } from "@/lib/auth/passwords";
import { defineEndpoint } from "@/lib/server/endpoint";
import { passwordFingerprint } from "@/lib/server/session-validity";
import { deleteUserSessions } from "@/lib/server/session-store";
import { endImpersonationsBy } from "@/lib/audit/impersonation-end";
import { invalid } from "@/lib/http/errors";
import { flushTokens } from "@/lib/auth/tokens";
import { withNewPassword } from "@/lib/validation/rules";

export const updatePassword = defineEndpoint({
  input: (config) =>
    withNewPassword(config.password, { old_password: z.string().max(255) }),
  async run(ctx, input) {
    const user = ctx.requireUser();
    if (!(await verifyPassword(input.old_password, user.password)))
      throw invalid("old_password", "The password is incorrect.");
    const hash = await hashPassword(input.password, ctx.config.hashing.rounds);
    const updated = await ctx.db.transaction(async (tx) => {
      const [changed] = await tx
        .update(users)
        .set({ password: hash, updatedAt: ctx.now })
        .where(eq(users.id, user.id))
        .returning();
      // Other browsers are signed out; this one stays (contract §3 Session, fixed in 6.0.3).
      await deleteUserSessions(tx, user.id, ctx.session.id);
      // …and so are the impersonations they started (decision record 008).
      await endImpersonationsBy(tx, user.id, "password-changed", ctx);
      // Sanctum keeps tokens on a change; `tokens.revoke-on-password-change` ends them (decision record 028).
      const tokens = ctx.config.tokens["revoke-on-password-change"]
        ? await flushTokens(tx, ctx.config["user-class"], user.id)
        : 0;
      await recordActivity(
        tx,
        {
          event: "password-changed",
          subjectId: user.id,
          ip: ctx.ip,
          properties: { tokens },
        },
        ctx.now,
      );
      return changed ?? user;
    });
    await ctx.session.update(
      { fingerprint: passwordFingerprint(hash) },
      updated,
    );
    await emit("PasswordReset", { user: updated });
    return { success: true, message: ctx.t("Password updated.") };
  },
});
