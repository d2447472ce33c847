import type { AuthConfig } from "@/lib/config/auth";
import { compileRoutes } from "@/lib/server/match";

/** A route at a fixed path (the host's: lib/runtime/routes.ts), as route() and the manifest see it. */
export type FixedRoute = {
  name: string;
  path: string;
  method: string | readonly string[];
};

export type RouteParams = Record<string, string | number>;

/**
 * Laravel's route(): the path of a named route with its parameters filled in; parameters the
 * template does not use become the query string. Throws for an unknown name.
 */
export function routePath(
  config: AuthConfig,
  name: string,
  params: RouteParams = {},
  fixed: readonly FixedRoute[] = [],
): string {
  const template =
    compileRoutes(config.routes).find((route) => route.name === name)
      ?.template ?? fixed.find((route) => route.name === name)?.path;
  if (!template) throw new Error(`Route [${name}] not defined.`);
  return fillPath(template, name, params);
}

/** A path template with its parameters filled in, URL-encoded; the ones it does not use become the query string. */
export function fillPath(
  template: string,
  name: string,
  params: RouteParams = {},
): string {
  const rest = new URLSearchParams();
  const used = new Set<string>();
  const path = template.replace(
    /\{([A-Za-z_][A-Za-z0-9_]*)\}/g,
    (_, key: string) => {
      const value = params[key];
      if (value === undefined)
        throw new Error(`Missing parameter [${key}] for route [${name}].`);
      used.add(key);
      return encodeURIComponent(String(value));
    },
  );
  for (const [key, value] of Object.entries(params))
    if (!used.has(key)) rest.append(key, String(value));
  const query = rest.toString();
  return query ? `${path}?${query}` : path;
}

/** The route's absolute URL under APP_URL. */
export function routeUrl(
  config: AuthConfig,
  appUrl: string,
  name: string,
  params: RouteParams = {},
): string {
  return `${appUrl}${routePath(config, name, params)}`;
}

export type RouteManifest = Record<
  string,
  { method: string; template: string }
>;

/** Action (or host route name) → method and path template, for the front end's API client. */
export function routeManifest(
  config: AuthConfig,
  fixed: readonly FixedRoute[] = [],
): RouteManifest {
  const manifest: RouteManifest = {};
  for (const route of fixed) {
    const methods =
      typeof route.method === "string" ? [route.method] : route.method;
    manifest[route.name] = {
      method: methods[0] ?? "GET",
      template: route.path,
    };
    // A route on several methods is also named per method, as its OpenAPI operations are.
    if (methods.length > 1)
      for (const method of methods)
        manifest[`${route.name}.${method.toLowerCase()}`] = {
          method,
          template: route.path,
        };
  }
  for (const route of compileRoutes(config.routes))
    manifest[route.action] = { method: route.method, template: route.template };
  return manifest;
}

/** The path of an action's route under the current names and URIs. */
export function actionPath(
  config: AuthConfig,
  action: import("@/lib/config/auth-actions").ActionName,
  params: RouteParams = {},
): string {
  return routePath(
    config,
    `${config.routes.as}${config.routes.names[action]}`,
    params,
  );
}
