import "server-only";
import type { Context } from "@/lib/auth/context";
import { forbidden, HttpError, invalid } from "@/lib/http/errors";

/** Where a browser goes when a social sign-in fails (the screen that shows the flashed `error`). */
export const SOCIAL_FAILURE_SCREEN = "/auth/login";

function fail(ctx: Context, key: string, jsonError: HttpError, attribute: string): HttpError {
  if (ctx.wantsJson) return jsonError;
  // A browser arrives here from the provider's redirect: there is no form to go back to.
  ctx.session.flash("error", ctx.t(key, { attribute }));
  return new HttpError(302, key, { Location: SOCIAL_FAILURE_SCREEN });
}

/**
 * A social sign-in that cannot complete: JSON callers get 422 with the message on `field`;
 * browsers go to the login screen with the message flashed as `error`.
 */
export function socialFailure(ctx: Context, field: string, key: string): HttpError {
  return fail(ctx, key, invalid(field, key), field.replaceAll("_", " "));
}

/** As socialFailure, but 403 for JSON callers (an account that may not be created). */
export function socialForbidden(ctx: Context, key: string): HttpError {
  return fail(ctx, key, forbidden(key), "");
}
