import "server-only";
import type { Context } from "@/lib/server/context";
import { HttpError } from "@/lib/http/errors";
import { isAskedToSignInAgain } from "@/lib/server/session-store";

/**
 * Only for visitors without a signed-in session. A signed-in browser is sent to the login
 * redirect target (JSON callers get 403 with a message instead of an HTML redirect). A session
 * an application asked to sign in again (OpenID `prompt=login`, `max_age`; decision record 086)
 * may, for a while: the sign-in replaces it.
 */
export async function guest(ctx: Context): Promise<void> {
  if (!(await ctx.session.user())) return;
  const nowSeconds = Math.floor(ctx.now.getTime() / 1000);
  if (isAskedToSignInAgain(await ctx.session.data(), nowSeconds)) return;
  throw new HttpError(
    ctx.wantsJson ? 403 : 302,
    "You are already signed in.",
    ctx.wantsJson ? {} : { Location: ctx.config.routes.redirects.login },
  );
}
