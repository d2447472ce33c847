import "server-only";
import type { Context } from "@/lib/server/context";
import { redirectTo, type Redirect } from "@/lib/server/endpoint";
import { forbidden, type HttpError, invalid } from "@/lib/http/errors";

/** Where a browser goes when a social sign-in fails (the screen that shows the flashed `error`). */
export const SOCIAL_FAILURE_SCREEN = "/auth/login";

/** The message a browser is shown for each failure thrown below (JSON callers get the error itself). */
const browserMessages = new WeakMap<HttpError, string>();

function fail(
  ctx: Context,
  key: string,
  jsonError: HttpError,
  attribute: string,
): HttpError {
  browserMessages.set(jsonError, ctx.t(key, { attribute }));
  return jsonError;
}

/**
 * The social callback's answer to a failure thrown by socialFailure or socialForbidden: for a
 * browser, which arrives from the provider's redirect with no form to go back to, the login
 * screen with the message flashed as `error`. Null for anything else (the error goes on).
 */
export function socialFailureRedirect(
  ctx: Context,
  error: unknown,
): Redirect | null {
  const message = browserMessages.get(error as HttpError);
  if (ctx.wantsJson || message === undefined) return null;
  ctx.session.flash("error", message);
  return redirectTo(SOCIAL_FAILURE_SCREEN);
}

/**
 * A social sign-in that cannot complete: JSON callers get 422 with the message on `field`;
 * browsers go to the login screen with the message flashed as `error`.
 */
export function socialFailure(
  ctx: Context,
  field: string,
  key: string,
): HttpError {
  return fail(ctx, key, invalid(field, key), field.replaceAll("_", " "));
}

/** As socialFailure, but 403 for JSON callers (an account that may not be created). */
export function socialForbidden(ctx: Context, key: string): HttpError {
  return fail(ctx, key, forbidden(key), "");
}
