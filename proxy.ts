import { type NextRequest, NextResponse } from "next/server";
import { startupAuthConfig } from "@/lib/config/startup";
import { ORIGINAL_PATH_HEADER } from "@/lib/server/headers";
import {
  DISPATCH_PREFIX,
  NOT_FOUND_PAGE,
  internalUrl,
} from "@/lib/server/internal-paths";
import { decideProxy } from "@/lib/server/proxy-decision";
import { PROXY_MARK } from "@/lib/server/proxy-mark";
import {
  newNonce,
  screenContentSecurityPolicy,
  screenSecurityHeaders,
} from "@/lib/http/security-headers";

/** The request's headers with `set` among them (a client's copy of each overwritten). */
function withHeaders(
  request: NextRequest,
  set: Record<string, string>,
): { request: { headers: Headers } } {
  const headers = new Headers(request.headers);
  for (const [name, value] of Object.entries(set)) headers.set(name, value);
  return { request: { headers } };
}

/**
 * Routing only: a path in the route table or under Passport's `oauth.path` (both read from the
 * environment at run time, so a new prefix needs no rebuild) that no route file serves goes to
 * the one dispatcher; a GET that a page owns
 * stays with the page; a browser's unknown path under the default prefix gets the 404 page
 * (decision record 001). Screens get their per-response nonce and security
 * headers here (decision record 013); API answers get theirs from the pipeline. Who the caller
 * is, limits and CSRF are decided in the pipeline, never here.
 */
export function proxy(request: NextRequest): NextResponse {
  const response = decide(request);
  response.headers.set(PROXY_MARK.name, PROXY_MARK.value);
  return response;
}

function decide(request: NextRequest): NextResponse {
  const authConfig = startupAuthConfig({
    AUTH_CONFIG_JSON: process.env.AUTH_CONFIG_JSON,
    ADMIN_EMAILS: process.env.ADMIN_EMAILS,
  });
  const decision = decideProxy(authConfig, {
    method: request.method,
    path: request.nextUrl.pathname,
    accept: request.headers.get("accept"),
  });
  if (decision.action === "not-found")
    return new NextResponse(null, { status: 404 });
  if (decision.action === "continue") return NextResponse.next();
  // The original path, overwriting any copy the client sent.
  if (decision.action === "rewrite")
    return NextResponse.rewrite(
      internalUrl(request.url, DISPATCH_PREFIX, decision.originalPath),
      withHeaders(request, {
        [ORIGINAL_PATH_HEADER]: decision.originalPath,
      }),
    );
  const appUrl = process.env.APP_URL;
  const policy = screenContentSecurityPolicy({
    nonce: newNonce(),
    appUrl,
    isDevelopment: process.env.NODE_ENV === "development",
  });
  // Next reads the nonce from the request's policy and puts it on the scripts it renders.
  const init = withHeaders(request, { "Content-Security-Policy": policy });
  const response =
    decision.action === "not-found-page"
      ? NextResponse.rewrite(
          internalUrl(request.url, NOT_FOUND_PAGE, request.nextUrl.pathname),
          init,
        )
      : NextResponse.next(init);
  const secretInPath = decision.action === "screen" && decision.secretInPath;
  for (const [name, value] of Object.entries(
    screenSecurityHeaders(policy, appUrl, secretInPath),
  ))
    response.headers.set(name, value);
  return response;
}

// Next reads this statically: literals only. The requests left out are those for which the
// proxy could only answer "continue" whatever the configuration (decision record 001):
// - Next's own assets;
// - the host's route files under /api, /sanctum, /uploads, /oauth and /.well-known (the pipeline
//   sets their headers);
// - the operators' routes /up, /metrics and /api/openapi.json (decision record 019);
// - under /auth/, any path but a page's (login, register, forgot-password, two-factor-challenge,
//   reset-password/…, passwordless and the sign-in link's page under it),
//   when the client asks for JSON: app/auth/get-auth and app/auth/[...path] serve it, or the
//   pipeline answers the JSON 404 when the prefix moved. Without JSON, the proxy still decides
//   between the API and the 404 page (second entry).
// /internal/* is always matched: the proxy answers 404 for it.
export const config = {
  matcher: [
    {
      source:
        "/((?!_next/static|_next/image|favicon.ico|api/(?:admin|app|auth/providers|bench|lu|openapi.json)(?:/|$)|sanctum/csrf-cookie$|uploads/|oauth/|\\.well-known/|up$|metrics$|auth/(?!login|register|forgot-password|two-factor-challenge|reset-password/|passwordless(?:/|$))).*)",
    },
    {
      source: "/auth/:path*",
      missing: [
        { type: "header", key: "accept", value: ".*[/+][Jj][Ss][Oo][Nn].*" },
      ],
    },
  ],
};
