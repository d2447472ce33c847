import type { AuthConfig } from "@/lib/auth/config";
import { compileRoutes, matchPath } from "@/lib/auth/routes/match";
import { isPagePath } from "@/lib/auth/routes/pages";

/** Where the dispatcher's route handler lives; never reachable directly. */
export const DISPATCH_PREFIX = "/internal/dispatch";

/**
 * The folder `app/auth/[...path]/route.ts` serves: the default prefix's API paths reach the
 * pipeline without a rewrite (a rewrite costs a second trip through Next's router, about a sixth
 * of a get-auth's time). Paths of another prefix, and non-GET requests to a page's path, still
 * go through the dispatcher.
 */
const DIRECT_PREFIX = "/auth/";

/** A path nothing serves: Next renders `app/not-found.tsx` for it. */
export const NOT_FOUND_PAGE = "/internal/not-found";

export type ProxyDecision =
  /** A direct request for the internal dispatcher. */
  | { action: "not-found" }
  /** Next serves it as usual: a page, a host route, or an API path `app/auth/[...path]` serves. */
  | { action: "continue" }
  /** An API path no route file holds: rewritten to the dispatcher, the original path in a header. */
  | { action: "rewrite"; pathname: string; originalPath: string }
  /** A browser asking for an unknown path under `app/auth`: the 404 page, not the API's JSON 404. */
  | { action: "not-found-page" };

export type ProxyRequest = { method: string; path: string; accept: string | null };

/**
 * proxy.ts's whole decision, as a pure function of the route table and the request: routing
 * only (who the caller is, limits and CSRF are the pipeline's).
 */
export function decideProxy(routes: AuthConfig["routes"], request: ProxyRequest): ProxyDecision {
  const { path } = request;
  if (path === "/internal" || path.startsWith("/internal/")) return { action: "not-found" };
  const page = isPagePath(path);
  const servedDirectly = path.startsWith(DIRECT_PREFIX) && !page;
  const acceptsJson = /\/json|\+json/i.test(request.accept ?? "");
  if (!matchPath(compileRoutes(routes), path)) {
    return servedDirectly && !acceptsJson ? { action: "not-found-page" } : { action: "continue" };
  }
  const isPageView = page && (request.method === "GET" || request.method === "HEAD") && !acceptsJson;
  if (isPageView || servedDirectly) return { action: "continue" };
  return { action: "rewrite", pathname: `${DISPATCH_PREFIX}${path}`, originalPath: path };
}
