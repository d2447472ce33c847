import "server-only";
import { hasUsablePassword } from "@/lib/auth/passwords";
import { changePassword } from "@/lib/auth/password-change";
import { AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import { endpointOf } from "@/lib/server/row-endpoint";
import { uncompromisedRule } from "@/lib/auth/breached-passwords";
import { invalid } from "@/lib/http/errors";
import { requestResetLink } from "@/lib/auth/password-reset";
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
    // Only over the unusable hash read above: of two racing requests, one sets it.
    if (!(await changePassword(ctx, user, input.password, user.password)))
      throw invalid("password", HAS_ONE);
    return { success: true, message: ctx.t("Password set.") };
  },
});

const LINK_SENT = "We have emailed you a link to set your password.";

/**
 * `POST user/set-password/link` (decision record 111): for an account with neither a password nor
 * a passkey, whose step-up has nothing to confirm with, the reset link forgot-password sends,
 * mailed to the account's own address from the Security screen. Opening it proves the mailbox, as
 * it does for a guest; the link sets the first password. Sent at most once a minute, silently, as
 * forgot-password's.
 */
export const setPasswordLink = endpointOf(AUTH_ACTIONS["set-password-link"], {
  async run(ctx) {
    const user = ctx.requireUser();
    if (hasUsablePassword(user.password)) throw invalid("password", HAS_ONE);
    await requestResetLink(ctx, user.email);
    return { success: true, message: ctx.t(LINK_SENT) };
  },
});
