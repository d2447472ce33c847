import "server-only";
import type { Context } from "@/lib/server/context";
import {
  type Endpoint,
  type EndpointResult,
  Redirect,
} from "@/lib/server/endpoint";
import { backPath, json, redirect } from "@/lib/http/respond";

/** contract §1 rule 1: JSON when asked for; otherwise the configured redirect (or back, with a flash). */
export function respond(
  ctx: Context,
  endpoint: Endpoint,
  result: EndpointResult,
): Response {
  if (result instanceof Response) return result;
  if (result instanceof Redirect) return redirect(result.location);
  const mode = endpoint.nonJson ?? "redirect";
  if (ctx.wantsJson || mode === "json") return json(result);
  const fallback = ctx.route
    ? ctx.config.routes.redirects[ctx.route.action]
    : (ctx.redirectTarget ?? "/");
  if (mode === "back") {
    if (typeof result.message === "string")
      ctx.session.flash("status", result.message);
    return redirect(backPath(ctx.request, ctx.env.APP_URL, fallback));
  }
  return redirect(fallback);
}
