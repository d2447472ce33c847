import "server-only";
import { z } from "zod";
import { emit } from "@/lib/server/events";
import { INVALID_TOKEN, resetPassword } from "@/lib/auth/password-reset";
import { AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import { endpointOf } from "@/lib/server/row-endpoint";
import { uncompromisedRule } from "@/lib/auth/breached-passwords";
import { invalid } from "@/lib/http/errors";
import { findUserByEmail } from "@/lib/users/users";
import {
  confirmedPassword,
  email,
  newPasswordRules,
} from "@/lib/validation/rules";

export const resetPasswordEndpoint = endpointOf(
  AUTH_ACTIONS["reset-password"],
  {
    rules: (config) => ({
      token: z.string().max(255),
      email: email(),
      ...newPasswordRules(config.password),
    }),
    refine: confirmedPassword,
    // A password the Pwned Passwords service knows, when asked (decision record 089).
    dataRules: uncompromisedRule,
    async run(ctx, input) {
      const user = await findUserByEmail(ctx.db, input.email);
      if (!user) throw invalid("email", INVALID_TOKEN);
      const updated = await resetPassword(
        ctx,
        user,
        input.token,
        input.password,
      );
      await emit("PasswordReset", { user: updated });
      return { success: true, message: ctx.t("Your password has been reset.") };
    },
  },
);
