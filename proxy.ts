import { type NextRequest, NextResponse } from "next/server";
import { type AuthConfig, buildAuthConfig } from "@/lib/auth/config";
import { ORIGINAL_PATH_HEADER, REWRITE_HEADER } from "@/lib/auth/routes/headers";
import { decideProxy } from "@/lib/auth/routes/proxy-decision";
import { newNonce, screenContentSecurityPolicy, screenSecurityHeaders } from "@/lib/http/security-headers";

let authConfig: AuthConfig | undefined;

/** Passes the request on with `set` among its headers, and never a client's copy of REWRITE_HEADER. */
function forward(request: NextRequest, set: Record<string, string>): NextResponse {
  const headers = new Headers(request.headers);
  headers.delete(REWRITE_HEADER);
  for (const [name, value] of Object.entries(set)) headers.set(name, value);
  return NextResponse.next({ request: { headers } });
}

/**
 * Routing only: a path in the route table (read from the environment at run time, so a new prefix
 * needs no rebuild) that no route file serves goes to the one dispatcher; a GET that a page owns
 * stays with the page. The proxy names the target in a request header and next.config.ts's
 * rewrites take it there (decision record 001). Screens get their per-response nonce and security
 * headers here (decision record 013); API answers get theirs from the pipeline. Who the caller
 * is, limits and CSRF are decided in the pipeline, never here.
 */
export function proxy(request: NextRequest) {
  authConfig ??= buildAuthConfig({ AUTH_CONFIG_JSON: process.env.AUTH_CONFIG_JSON, ADMIN_EMAILS: process.env.ADMIN_EMAILS });
  const decision = decideProxy(authConfig.routes, {
    method: request.method,
    path: request.nextUrl.pathname,
    accept: request.headers.get("accept"),
  });
  if (decision.action === "not-found") return new NextResponse(null, { status: 404 });
  if (decision.action === "continue") return request.headers.has(REWRITE_HEADER) ? forward(request, {}) : NextResponse.next();
  // The original path, overwriting any copy the client sent.
  if (decision.action === "rewrite") return forward(request, { [REWRITE_HEADER]: "dispatch", [ORIGINAL_PATH_HEADER]: decision.originalPath });
  const appUrl = process.env.APP_URL;
  const policy = screenContentSecurityPolicy({ nonce: newNonce(), appUrl, isDevelopment: process.env.NODE_ENV === "development" });
  // Next reads the nonce from the request's policy and puts it on the scripts it renders.
  const set = { "Content-Security-Policy": policy, ...(decision.action === "not-found-page" ? { [REWRITE_HEADER]: "not-found" } : {}) };
  const response = forward(request, set);
  const secretInPath = decision.action === "screen" && decision.secretInPath;
  for (const [name, value] of Object.entries(screenSecurityHeaders(policy, appUrl, secretInPath))) response.headers.set(name, value);
  return response;
}

export const config = {
  // Everything but Next's own assets (next.config.ts's rewrites assume the same); the route
  // table decides the rest.
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
