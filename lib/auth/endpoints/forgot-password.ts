import "server-only";
import { z } from "zod";
import { defineEndpoint } from "@/lib/server/endpoint";
import { requestResetLink } from "@/lib/auth/password-reset";
import { email, IGNORED_FIELDS } from "@/lib/validation/rules";

export const RESET_LINK_SENT =
  "If an account exists for that email address, we have emailed a password reset link.";

/** contract §9: the answer is the same whether or not the account exists. */
export const forgotPassword = defineEndpoint({
  nonJson: "back",
  input: () => z.strictObject({ email: email(), ...IGNORED_FIELDS }),
  async run(ctx, input) {
    await requestResetLink(ctx, input.email);
    return { success: true, message: ctx.t(RESET_LINK_SENT) };
  },
});
