import "server-only";
import { z } from "zod";
import type { Context } from "@/lib/server/context";
import {
  defineEndpoint,
  type Redirect,
  redirectTo,
} from "@/lib/server/endpoint";
import { HttpError, ValidationError } from "@/lib/http/errors";
import { profileTarget } from "@/lib/users/profile-target";
import {
  cancelEmailChange,
  confirmEmailChange,
  PROFILE_PATH,
  resendEmailChange,
  TAKEN,
} from "@/lib/users/email-change";
import { userIdRule } from "@/lib/users/ids";
import { withPendingEmail } from "@/lib/users/pending-email";
import { presentUser } from "@/lib/users/users";
import { IGNORED_FIELDS } from "@/lib/validation/rules";

/** The three routes of a pending email change (decision record 012). */

const forUser = () =>
  z.strictObject({
    user_id: userIdRule("The :attribute field must be a number."),
    ...IGNORED_FIELDS,
  });

/**
 * A browser arrives from a mail: there is no form to go back to. A refused link sends it to the
 * profile screen with the reason flashed as `error`; JSON callers get the 403 or 422 itself.
 */
function forBrowser(ctx: Context, error: unknown): Redirect | null {
  if (
    ctx.wantsJson ||
    !(error instanceof HttpError) ||
    (error.status !== 403 && error.status !== 422)
  )
    return null;
  const message =
    error instanceof ValidationError
      ? ctx.t(TAKEN, { attribute: "email" })
      : ctx.t(error.messageKey, error.replacements);
  ctx.session.flash("error", message);
  return redirectTo(PROFILE_PATH);
}

/** GET the signed link from the new address's mailbox, signed in as its owner (like contract §4 rule 5). */
export const confirmEmailChangeEndpoint = defineEndpoint({
  async run(ctx) {
    let updated;
    try {
      updated = await confirmEmailChange(
        ctx,
        ctx.requireUser(),
        ctx.params.token ?? "",
      );
    } catch (error) {
      const redirect = forBrowser(ctx, error);
      if (redirect) return redirect;
      throw error;
    }
    // A browser lands on the profile screen (the route's redirect), which shows this once.
    if (!ctx.wantsJson)
      ctx.session.flash(
        "status",
        ctx.t("Your email address has been changed."),
      );
    return {
      success: true,
      user: withPendingEmail(presentUser(updated), null),
    };
  },
});

/** POST: a fresh link to the pending address (the previous one stops working). */
export const resendEmailChangeEndpoint = defineEndpoint({
  input: forUser,
  async run(ctx, input) {
    const { target } = await profileTarget(ctx, input.user_id);
    const email = await resendEmailChange(ctx, target);
    return {
      success: true,
      status: email === null ? "no-pending-email" : "email-change-link-sent",
    };
  },
});

/** POST: withdraws the pending address; the address in force stays. */
export const cancelEmailChangeEndpoint = defineEndpoint({
  input: forUser,
  async run(ctx, input) {
    const { user, target } = await profileTarget(ctx, input.user_id);
    await cancelEmailChange(ctx, user, target);
    return { success: true, user: withPendingEmail(presentUser(target), null) };
  },
});
