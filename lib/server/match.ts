import { ACTION_NAMES, type ActionName } from "@/lib/config/auth-actions";
import type { AuthConfig } from "@/lib/config/auth";
import { AUTH_ACTIONS, type HttpMethod } from "@/lib/config/auth-actions";

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

/** The route table of the current configuration (empty when `routes.active` is false). */
export function compileRoutes(routes: AuthConfig["routes"]): CompiledRoute[] {
  const cached = compiled.get(routes);
  if (cached) return cached;
  const table = !routes.active
    ? []
    : ACTION_NAMES.map((action) => {
        const template = joinPath(routes.prefix, routes.uris[action]);
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
        return {
          action,
          method: AUTH_ACTIONS[action].method,
          name: `${routes.as}${routes.names[action]}`,
          template,
          pattern: new RegExp(`^${source}/?$`),
          params,
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
    const params: Record<string, string> = {};
    try {
      route.params.forEach(
        (name, index) =>
          (params[name] = decodeURIComponent(match[index + 1] ?? "")),
      );
    } catch {
      continue;
    }
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
