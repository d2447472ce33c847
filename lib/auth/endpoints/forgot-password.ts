import "server-only";
import { AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import { endpointOf } from "@/lib/server/row-endpoint";
import { requestResetLink } from "@/lib/auth/password-reset";
import { email } from "@/lib/validation/rules";

export const RESET_LINK_SENT =
  "If an account exists for that email address, we have emailed a password reset link.";

/** contract §9: the answer is the same whether or not the account exists. */
export const forgotPassword = endpointOf(AUTH_ACTIONS["forgot-password"], {
  nonJson: "back",
  rules: () => ({ email: email() }),
  async run(ctx, input) {
    await requestResetLink(ctx, input.email);
    return { success: true, message: ctx.t(RESET_LINK_SENT) };
  },
});
