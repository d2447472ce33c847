import type { AuthConfig } from "@/lib/auth/config";
import { compileRoutes, matchPath } from "@/lib/auth/routes/match";
import { PAGE_PATHS } from "@/lib/auth/routes/pages";

/** Where the dispatcher's route handler lives; never reachable directly. */
export const DISPATCH_PREFIX = "/internal/dispatch";

export type ProxyDecision =
  /** A direct request for the internal dispatcher. */
  | { action: "not-found" }
  /** Not an API path (or a GET a page owns): Next serves it as usual. */
  | { action: "continue" }
  /** An API path: rewritten to the dispatcher, the original path passed in a header. */
  | { action: "rewrite"; pathname: string; originalPath: string };

export type ProxyRequest = { method: string; path: string; accept: string | null };

/**
 * proxy.ts's whole decision, as a pure function of the route table and the request: routing
 * only (who the caller is, limits and CSRF are the pipeline's).
 */
export function decideProxy(routes: AuthConfig["routes"], request: ProxyRequest): ProxyDecision {
  const { path } = request;
  if (path === "/internal" || path.startsWith("/internal/")) return { action: "not-found" };
  if (!matchPath(compileRoutes(routes), path)) return { action: "continue" };
  const isPageView = (request.method === "GET" || request.method === "HEAD") && PAGE_PATHS.has(path.replace(/\/$/, ""));
  const acceptsJson = /\/json|\+json/i.test(request.accept ?? "");
  if (isPageView && !acceptsJson) return { action: "continue" };
  return { action: "rewrite", pathname: `${DISPATCH_PREFIX}${path}`, originalPath: path };
}
