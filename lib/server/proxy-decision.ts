import type { AuthConfig } from "@/lib/config/auth";
import { compileRoutes, matchPath } from "@/lib/server/match";
import { hasSecretInPath, isPagePath } from "@/lib/server/pages";

/**
 * The folder `app/auth/[...path]/route.ts` serves: the default prefix's API paths reach the
 * pipeline without a rewrite (a rewrite costs a second trip through Next's router, about a sixth
 * of a get-auth's time). Paths of another prefix, and non-GET requests to a page's path, still
 * go through the dispatcher.
 */
const DIRECT_PREFIX = "/auth/";

/**
 * Paths of route files that answer through the pipeline, which sets their headers itself: the
 * host application's API, the CSRF cookie, uploaded files, the OAuth server and its metadata
 * (decision record 050).
 */
const PIPELINE_PREFIXES = [
  "/api/",
  "/sanctum/",
  "/uploads/",
  "/oauth/",
  "/.well-known/",
];

/**
 * The folders whose catch-all route file serves a request by its path (app/api/[...path],
 * app/oauth/[...path], app/auth/[...path]): an OAuth prefix under one of them needs no rewrite.
 */
const BY_PATH_PREFIXES = ["/api/", "/oauth/", DIRECT_PREFIX];

/** The operators' route files (health, metrics; decision record 019): plain answers, no screen headers. */
const OPERATOR_PATHS = new Set(["/up", "/metrics"]);

export type ProxyDecision =
  /** A direct request for the internal dispatcher. */
  | { action: "not-found" }
  /** Next serves it as usual: a host route, or an API path `app/auth/[...path]` serves. */
  | { action: "continue" }
  /** A screen (or Next's 404 page): served as usual, with its nonce and headers (decision record 013). */
  | { action: "screen"; secretInPath: boolean }
  /** An API path no route file holds: rewritten to the dispatcher, the original path in a header. */
  | { action: "rewrite"; originalPath: string }
  /** A browser asking for an unknown path under `app/auth`: the 404 page, not the API's JSON 404. */
  | { action: "not-found-page" };

export type ProxyRequest = {
  method: string;
  path: string;
  accept: string | null;
};

/**
 * proxy.ts's whole decision, as a pure function of the route table, Passport's prefix
 * (`oauth.path`) and the request: routing only (who the caller is, limits and CSRF are the
 * pipeline's).
 */
export function decideProxy(
  { routes, oauth }: Pick<AuthConfig, "routes" | "oauth">,
  request: ProxyRequest,
): ProxyDecision {
  const { path } = request;
  if (path === "/internal" || path.startsWith("/internal/"))
    return { action: "not-found" };
  const page = isPagePath(path);
  const servedDirectly = path.startsWith(DIRECT_PREFIX) && !page;
  const acceptsJson = /\/json|\+json/i.test(request.accept ?? "");
  const isRead = request.method === "GET" || request.method === "HEAD";
  const screen = {
    action: "screen",
    secretInPath: hasSecretInPath(path),
  } as const;
  if (!matchPath(compileRoutes(routes), path)) {
    // The OAuth server, a browser's GET included (the authorize endpoint sends it on to its
    // screen): its catch-all serves it by path, or the dispatcher under any other prefix.
    if (path.startsWith(`/${oauth.path}/`))
      return BY_PATH_PREFIXES.some((prefix) => path.startsWith(prefix))
        ? { action: "continue" }
        : { action: "rewrite", originalPath: path };
    if (servedDirectly)
      return acceptsJson
        ? { action: "continue" }
        : { action: "not-found-page" };
    const served =
      OPERATOR_PATHS.has(path) ||
      PIPELINE_PREFIXES.some((prefix) => path.startsWith(prefix));
    return isRead && !served ? screen : { action: "continue" };
  }
  if (page && isRead && !acceptsJson) return screen;
  if (servedDirectly) return { action: "continue" };
  return { action: "rewrite", originalPath: path };
}
