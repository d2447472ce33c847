import { type NextRequest, NextResponse } from "next/server";
import { type AuthConfig, buildAuthConfig } from "@/lib/auth/config";
import { ORIGINAL_PATH_HEADER } from "@/lib/auth/routes/headers";
import { decideProxy, NOT_FOUND_PAGE } from "@/lib/auth/routes/proxy-decision";

let authConfig: AuthConfig | undefined;

/**
 * Routing only: a path in the route table (read from the environment at run time, so a new prefix
 * needs no rebuild) that no route file serves is rewritten to the one dispatcher; a GET that a
 * page owns stays with the page. Who the caller is, limits and CSRF are decided in the pipeline,
 * never here.
 */
export function proxy(request: NextRequest) {
  authConfig ??= buildAuthConfig({ AUTH_CONFIG_JSON: process.env.AUTH_CONFIG_JSON, ADMIN_EMAILS: process.env.ADMIN_EMAILS });
  const decision = decideProxy(authConfig.routes, {
    method: request.method,
    path: request.nextUrl.pathname,
    accept: request.headers.get("accept"),
  });
  if (decision.action === "not-found") return new NextResponse(null, { status: 404 });
  if (decision.action === "continue") return NextResponse.next();
  if (decision.action === "not-found-page") return NextResponse.rewrite(new URL(NOT_FOUND_PAGE, request.url));
  // The original path, overwriting any copy the client sent.
  const headers = new Headers(request.headers);
  headers.set(ORIGINAL_PATH_HEADER, decision.originalPath);
  const target = request.nextUrl.clone();
  target.pathname = decision.pathname;
  return NextResponse.rewrite(target, { request: { headers } });
}

export const config = {
  // Everything but Next's own assets; the route table decides the rest.
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
