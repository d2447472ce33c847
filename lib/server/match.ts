import { ACTION_NAMES, type ActionName } from "@/lib/contract/auth-actions";
import type { AuthConfig } from "@/lib/config/auth";
import { AUTH_ACTIONS, type HttpMethod } from "@/lib/contract/auth-actions";

export type CompiledRoute = {
  action: ActionName;
  method: HttpMethod;
  /** Full route name, e.g. `auth.login`. */
  name: string;
  /** Path template with the prefix, e.g. `/auth/email/verify/{id}/{hash}`. */
  template: string;
  pattern: RegExp;
  params: string[];
};

export type RouteMatch = {
  route: CompiledRoute;
  params: Record<string, string>;
};
export type PathMatch = {
  routes: CompiledRoute[];
  params: Record<string, string>;
} | null;

const compiled = new WeakMap<AuthConfig["routes"], CompiledRoute[]>();

function joinPath(prefix: string, uri: string): string {
  const path = [prefix, uri]
    .map((part) => part.replace(/^\/+|\/+$/g, ""))
    .filter(Boolean)
    .join("/");
  return `/${path}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A path template's pattern (a `{name}` is one segment; a trailing slash is allowed) and its parameter names. */
function compileTemplate(template: string): {
  pattern: RegExp;
  params: string[];
} {
  const params: string[] = [];
  const source = template
    .split(/(\{[A-Za-z_][A-Za-z0-9_]*\})/)
    .map((part) => {
      const param = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(part);
      if (!param?.[1]) return escapeRegExp(part);
      params.push(param[1]);
      return "([^/]+)";
    })
    .join("");
  return { pattern: new RegExp(`^${source}/?$`), params };
}

/** The parameters of a pattern's match, decoded; null when one is not valid percent-encoding. */
function decodeParams(
  names: string[],
  match: RegExpExecArray,
): Record<string, string> | null {
  const params: Record<string, string> = {};
  try {
    names.forEach(
      (name, index) =>
        (params[name] = decodeURIComponent(match[index + 1] ?? "")),
    );
  } catch {
    return null;
  }
  return params;
}

/** The route table of the current configuration (empty when `routes.active` is false). */
export function compileRoutes(routes: AuthConfig["routes"]): CompiledRoute[] {
  const cached = compiled.get(routes);
  if (cached) return cached;
  const table = !routes.active
    ? []
    : ACTION_NAMES.map((action) => {
        const template = joinPath(routes.prefix, routes.uris[action]);
        return {
          action,
          method: AUTH_ACTIONS[action].method,
          name: `${routes.as}${routes.names[action]}`,
          template,
          ...compileTemplate(template),
        };
      });
  compiled.set(routes, table);
  return table;
}

/** Every route whose path matches, whatever its method (to tell 404 from 405). */
export function matchPath(routes: CompiledRoute[], path: string): PathMatch {
  for (const route of routes) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    const params = decodeParams(route.params, match);
    if (!params) continue;
    // Same template under several methods is possible (an application may configure it).
    const siblings = routes.filter(
      (other) => other.template === route.template,
    );
    return { routes: siblings, params };
  }
  return null;
}

/** Resolves method + path to one route, or says why not. */
export function matchRoute(
  routes: CompiledRoute[],
  method: string,
  path: string,
):
  | RouteMatch
  | { error: 404 }
  | { error: 405; allowed: HttpMethod[]; template: string } {
  const found = matchPath(routes, path);
  if (!found) return { error: 404 };
  const effective = method === "HEAD" ? "GET" : method;
  const route = found.routes.find(
    (candidate) => candidate.method === effective,
  );
  if (route) return { route, params: found.params };
  const first = found.routes[0];
  return {
    error: 405,
    allowed: found.routes.map((r) => r.method),
    template: first ? first.template : path,
  };
}

/** A route at a fixed path template (the host application's: `/api/admin/users/{id}`). */
type FixedRoute = { path: string; method: HttpMethod | readonly HttpMethod[] };

const compiledFixed = new WeakMap<
  readonly FixedRoute[],
  { route: FixedRoute; pattern: RegExp; params: string[] }[]
>();

const methodsOf = (route: FixedRoute): readonly HttpMethod[] =>
  typeof route.method === "string" ? [route.method] : route.method;

/**
 * Method + path to one route of a fixed-path table (the host routes), as matchRoute does for
 * the auth actions: the route, or 404, or 405 with every method the path allows.
 */
export function matchFixedRoute<R extends FixedRoute>(
  routes: readonly R[],
  method: string,
  path: string,
):
  | { route: R; params: Record<string, string> }
  | { error: 404 }
  | { error: 405; allowed: HttpMethod[]; route: R } {
  let table = compiledFixed.get(routes);
  if (!table) {
    // Fewer parameters first: a literal segment wins over a parameter, as Next's router
    // chooses a folder of that name over a `[param]` one (`/users/export` before `/users/{id}`).
    table = routes
      .map((route) => ({ route, ...compileTemplate(route.path) }))
      .sort((a, b) => a.params.length - b.params.length);
    compiledFixed.set(routes, table);
  }
  const effective = method === "HEAD" ? "GET" : method;
  const allowed: HttpMethod[] = [];
  let first: R | undefined;
  for (const candidate of table) {
    // The first template matching the path is the path's; its siblings differ by method only.
    if (first && candidate.route.path !== first.path) continue;
    const match = candidate.pattern.exec(path);
    if (!match) continue;
    const route = candidate.route as R;
    first ??= route;
    const methods = methodsOf(route);
    if (!methods.includes(effective as HttpMethod)) {
      allowed.push(...methods);
      continue;
    }
    const params = decodeParams(candidate.params, match);
    return params ? { route, params } : { error: 404 };
  }
  return first ? { error: 405, allowed, route: first } : { error: 404 };
}
