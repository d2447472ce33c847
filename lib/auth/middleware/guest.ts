import "server-only";
import type { Context } from "@/lib/server/context";
import { HttpError } from "@/lib/http/errors";

/**
 * Only for visitors without a signed-in session. A signed-in browser is sent to the login
 * redirect target (JSON callers get 403 with a message instead of an HTML redirect).
 */
export async function guest(ctx: Context): Promise<void> {
  if (!(await ctx.session.user())) return;
  throw new HttpError(
    ctx.wantsJson ? 403 : 302,
    "You are already signed in.",
    ctx.wantsJson ? {} : { Location: ctx.config.routes.redirects.login },
  );
}
