import "server-only";
import { z } from "zod";
import { recordActivity } from "@/lib/audit/activity";
import { emit } from "@/lib/auth/events";
import { INVALID_TOKEN, resetPassword } from "@/lib/auth/password-reset";
import { defineEndpoint } from "@/lib/auth/routes/endpoint";
import { invalid } from "@/lib/http/errors";
import { findUserByEmail } from "@/lib/users/users";
import { confirmed, CONFIRMED_WHEN, IGNORED_FIELDS, newPassword, passwordConfirmation } from "@/lib/validation/rules";

export const resetPasswordEndpoint = defineEndpoint({
  input: (config) =>
    z
      .strictObject({
        token: z.string().max(255),
        email: z.string().max(255).pipe(z.email()),
        password: newPassword(config.password),
        password_confirmation: passwordConfirmation(),
        ...IGNORED_FIELDS,
      })
      .superRefine(confirmed, CONFIRMED_WHEN),
  async run(ctx, input) {
    const user = await findUserByEmail(ctx.db, input.email);
    if (!user) throw invalid("email", INVALID_TOKEN);
    const updated = await resetPassword(ctx, user, input.token, input.password);
    await recordActivity(ctx.db, { event: "password-reset", subjectId: user.id, ip: ctx.ip }, ctx.now);
    await emit("PasswordReset", { user: updated });
    return { success: true, message: ctx.t("Your password has been reset.") };
  },
});
