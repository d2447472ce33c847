/**
 * Passport's configurable route prefix (`config('passport.path')`; here `oauth.path` of the auth
 * configuration). The routes are declared once, under `/oauth` (lib/oauth/routes.ts,
 * lib/oauth/json-api-routes.ts); the prefix is translated at the two edges only: a request's path
 * before it is matched (lib/runtime/next-adapter.ts `routeByPath`), and every path the server
 * publishes (metadata, the device grant's URIs, redirects, the front end's route manifest).
 * `/.well-known/*` is never under it. Read at start, so a new prefix needs a restart, no rebuild.
 */

/** The prefix the routes are declared under, Passport's default. */
const DECLARED_PREFIX = "oauth";

/**
 * What a request under `/oauth/` becomes once the prefix has moved: a path no route holds (the
 * proxy answers 404 for /internal/*, so no client can reach it as itself), so the pipeline
 * answers its JSON 404 and the old paths are not served twice.
 */
export const NOT_SERVED_PATH = "/internal/oauth-not-served";

/** The rest of `path` after `/<prefix>` (starting with `/`), or null when it is not under it. */
function rest(path: string, prefix: string): string | null {
  return path.startsWith(`/${prefix}/`) ? path.slice(prefix.length + 1) : null;
}

/** A request's path as the routes are declared: `/<prefix>/token` → `/oauth/token`. */
export function toInternalPath(path: string, prefix: string): string {
  if (prefix === DECLARED_PREFIX) return path;
  const moved = rest(path, prefix);
  if (moved !== null) return `/${DECLARED_PREFIX}${moved}`;
  return rest(path, DECLARED_PREFIX) === null ? path : NOT_SERVED_PATH;
}

/** A declared path as clients see it: `/oauth/token` → `/<prefix>/token`; other paths unchanged. */
export function toPublicPath(path: string, prefix: string): string {
  const declared = rest(path, DECLARED_PREFIX);
  return declared === null ? path : `/${prefix}${declared}`;
}

/** Routes with their paths as clients see them (the front end's manifest, the OpenAPI document). */
export function withPublicPaths<T extends { path: string }>(
  routes: readonly T[],
  prefix: string,
): T[] {
  return routes.map((route) => ({
    ...route,
    path: toPublicPath(route.path, prefix),
  }));
}
