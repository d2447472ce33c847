import "server-only";
import type { Context } from "@/lib/server/context";

/**
 * An authorization request sent by form POST (OpenID Connect Core §3.1.2.1): form-encoded, with
 * a `response_type` and no consent's `auth_token`. Its fields, as GET's query would carry them.
 */
export async function postedRequest(
  ctx: Context,
): Promise<URLSearchParams | null> {
  if (ctx.request.method !== "POST") return null;
  const type = ctx.request.headers.get("content-type") ?? "";
  if (!/^application\/x-www-form-urlencoded\b/i.test(type)) return null;
  const input = await ctx.input();
  if (input.response_type === undefined || input.auth_token !== undefined)
    return null;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input))
    if (typeof value === "string") params.append(key, value);
  return params;
}
