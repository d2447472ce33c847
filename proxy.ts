import { type NextRequest, NextResponse } from "next/server";
import { type AuthConfig, buildAuthConfig } from "@/lib/auth/config";
import { compileRoutes, matchPath } from "@/lib/auth/routes/match";
import { PAGE_PATHS } from "@/lib/auth/routes/pages";
import { ORIGINAL_PATH_HEADER } from "@/lib/auth/routes/headers";

let authConfig: AuthConfig | undefined;

/**
 * Routing only: a path in the route table (read from the environment at run time, so a new prefix
 * needs no rebuild) is rewritten to the one dispatcher, unless it is a GET that a page owns.
 * Who the caller is, limits and CSRF are decided in the pipeline, never here.
 */
export function proxy(request: NextRequest) {
  const path = request.nextUrl.pathname;
  if (path === "/internal" || path.startsWith("/internal/")) return new NextResponse(null, { status: 404 });
  authConfig ??= buildAuthConfig({ AUTH_CONFIG_JSON: process.env.AUTH_CONFIG_JSON, ADMIN_EMAILS: process.env.ADMIN_EMAILS });
  const match = matchPath(compileRoutes(authConfig.routes), path);
  if (!match) return NextResponse.next();
  const isPageView = (request.method === "GET" || request.method === "HEAD") && PAGE_PATHS.has(path.replace(/\/$/, ""));
  const acceptsJson = /\/json|\+json/i.test(request.headers.get("accept") ?? "");
  if (isPageView && !acceptsJson) return NextResponse.next();
  const headers = new Headers(request.headers);
  headers.set(ORIGINAL_PATH_HEADER, path);
  const target = request.nextUrl.clone();
  target.pathname = `/internal/dispatch${path}`;
  return NextResponse.rewrite(target, { request: { headers } });
}

export const config = {
  // Everything but Next's own assets; the route table decides the rest.
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
