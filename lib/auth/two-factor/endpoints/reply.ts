import "server-only";
import type { Context } from "@/lib/server/context";
import type { Endpoint } from "@/lib/server/endpoint";
import { respond } from "@/lib/server/respond";
import { json } from "@/lib/http/respond";

/**
 * Fortify's answers without content (`new JsonResponse('', 200)`, 201 after a confirmed password,
 * 204 after the challenge); a browser without JSON gets the route's redirect.
 */
export function emptyReply(
  ctx: Context,
  endpoint: Endpoint,
  status: 200 | 201 | 204,
): Response {
  return ctx.wantsJson ? json("", status) : respond(ctx, endpoint, {});
}
