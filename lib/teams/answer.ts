import "server-only";
import type { Context } from "@/lib/server/context";
import { backPath, redirect } from "@/lib/http/respond";

// Jetstream's answers to a browser (its Inertia controllers; decision record 087): `back(303)`
// after a change on the team's page, `redirect(config('fortify.home'))` after one that leaves it.
// A JSON request gets the body. Fortify's home here is the sign-in's redirect.

export const home = (ctx: Context): string => ctx.config.routes.redirects.login;

/** The body to a JSON request; to a browser, a 303 back to where it came from. */
export function back(
  ctx: Context,
  body: Record<string, unknown>,
): Record<string, unknown> | Response {
  if (ctx.wantsJson) return body;
  return redirect(backPath(ctx.request, ctx.env.APP_URL, home(ctx)), 303);
}

/** The body to a JSON request; to a browser, a redirect home (`status`: 302 or Jetstream's 303). */
export function toHome(
  ctx: Context,
  body: Record<string, unknown>,
  status: 302 | 303 = 302,
): Record<string, unknown> | Response {
  if (ctx.wantsJson) return body;
  return redirect(home(ctx), status);
}
