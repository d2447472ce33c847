import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { users } from "@/db/schema";
import { recordActivity } from "@/lib/audit/activity";
import { emit } from "@/lib/server/events";
import { hashPassword, verifyPassword } from "@/lib/auth/passwords";
import { AUTH_ACTIONS } from "@/lib/config/auth-actions";
import { endpointOf } from "@/lib/server/row-endpoint";
import { uncompromisedRule } from "@/lib/auth/breached-passwords";
import { passwordFingerprint } from "@/lib/server/session-validity";
import {
  endCredentials,
  requestEventDeps,
} from "@/lib/server/credential-ledger";
import { invalid } from "@/lib/http/errors";
import { confirmedPassword, newPasswordRules } from "@/lib/validation/rules";

export const updatePassword = endpointOf(AUTH_ACTIONS["update-password"], {
  rules: (config) => ({
    old_password: z.string().max(255),
    ...newPasswordRules(config.password),
  }),
  refine: confirmedPassword,
  // A password the Pwned Passwords service knows, when asked (decision record 089).
  dataRules: uncompromisedRule,
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
      // Other browsers are signed out, this one stays (contract §3 Session, fixed in 6.0.3), and
      // the impersonations they started end (decision record 008); tokens follow
      // `tokens.revoke-on-password-change` (decision record 028). The ledger says (082).
      const ended = await endCredentials(
        tx,
        requestEventDeps(ctx),
        "password-changed",
        user,
        ctx.session.id,
      );
      await recordActivity(
        tx,
        {
          event: "password-changed",
          subjectId: user.id,
          ip: ctx.ip,
          properties: { tokens: ended["sanctum-tokens"] ?? 0, ended },
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
