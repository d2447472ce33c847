import "server-only";
import { z } from "zod";
import { verifyPassword } from "@/lib/auth/passwords";
import { changePassword } from "@/lib/auth/password-change";
import { AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import { endpointOf } from "@/lib/server/row-endpoint";
import { uncompromisedRule } from "@/lib/auth/breached-passwords";
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
    await changePassword(ctx, user, input.password);
    return { success: true, message: ctx.t("Password updated.") };
  },
});
