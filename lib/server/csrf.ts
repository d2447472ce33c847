import "server-only";
import type { Context } from "@/lib/server/context";
import { safeEqual } from "@/lib/crypto/secrets";
import { csrfMismatch } from "@/lib/http/errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether the request is exempt from CSRF: docs/contract.md ("Runtime") — authenticated by `Authorization: Bearer`
 * and carrying no session cookie (a browser cannot be tricked into sending a bearer header).
 */
export function isBearerOnly(ctx: Context): boolean {
  return (
    /^Bearer\s/i.test(ctx.request.headers.get("authorization") ?? "") &&
    !ctx.session.hasCookie
  );
}

async function submittedToken(ctx: Context): Promise<string> {
  const header =
    ctx.request.headers.get("x-xsrf-token") ??
    ctx.request.headers.get("x-csrf-token");
  if (header) {
    try {
      return decodeURIComponent(header);
    } catch {
      return "";
    }
  }
  const input = await ctx.input();
  return typeof input._token === "string" ? input._token : "";
}

/** contract §4: a state-changing request without the session's CSRF token answers 419. */
export async function verifyCsrf(ctx: Context): Promise<void> {
  if (SAFE_METHODS.has(ctx.request.method) || isBearerOnly(ctx)) return;
  const token = await submittedToken(ctx);
  if (
    !ctx.session.hasCookie ||
    !token ||
    !safeEqual(token, ctx.session.csrfToken)
  )
    throw csrfMismatch();
}
