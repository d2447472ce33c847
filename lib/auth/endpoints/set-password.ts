import "server-only";
import { and, eq } from "drizzle-orm";
import { users } from "@/db/schema";
import { recordActivity } from "@/lib/audit/activity";
import { emit } from "@/lib/server/events";
import { hashPassword, hasUsablePassword } from "@/lib/auth/passwords";
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

const HAS_ONE =
  "This account already has a password. Change it with the current one.";

/**
 * `POST user/set-password` (decision record 107): a first password for an account made without
 * one (a passkey or a provider). No current password to give — there is none — so the row's
 * class asks for the step-up, which a passkey confirms. For the ledger it is a password change:
 * the other browsers, signed in under the old hash, end, and this one stays.
 */
export const setPassword = endpointOf(AUTH_ACTIONS["set-password"], {
  rules: (config) => newPasswordRules(config.password),
  refine: confirmedPassword,
  dataRules: uncompromisedRule,
  async run(ctx, input) {
    const user = ctx.requireUser();
    if (hasUsablePassword(user.password)) throw invalid("password", HAS_ONE);
    const hash = await hashPassword(input.password, ctx.config.hashing.rounds);
    const updated = await ctx.db.transaction(async (tx) => {
      // Only over the unusable hash read above: of two racing requests, one sets it.
      const [changed] = await tx
        .update(users)
        .set({ password: hash, updatedAt: ctx.now })
        .where(and(eq(users.id, user.id), eq(users.password, user.password)))
        .returning();
      if (!changed) throw invalid("password", HAS_ONE);
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
          properties: {
            tokens: ended["sanctum-tokens"] ?? 0,
            ended,
            first: true,
          },
        },
        ctx.now,
      );
      return changed;
    });
    await ctx.session.update(
      { fingerprint: passwordFingerprint(hash) },
      updated,
    );
    await emit("PasswordReset", { user: updated });
    return { success: true, message: ctx.t("Password set.") };
  },
});
