import type { AuthConfig } from "@/lib/config/auth";
import { AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import {
  CREDENTIAL_CLASSES,
  type CredentialClass,
} from "@/lib/contract/credential-classes";
import { compileRoutes } from "@/lib/server/match";

/** A route at a fixed path (the host's: lib/runtime/routes.ts), as route() and the manifest see it. */
export type FixedRoute = {
  name: string;
  path: string;
  method: string | readonly string[];
  /** Its credential class (a host route's row): the manifest tells the screens its rules. */
  credential?: CredentialClass;
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

/**
 * One route as the front end sees it: method, path template, and the rules of its credential
 * class a screen must know to offer only what the server allows (decision record 090): refused
 * while an administrator acts as the account, and behind the step-up.
 */
export type ManifestEntry = {
  method: string;
  template: string;
  refusedWhileImpersonating?: true;
  stepUp?: true;
};

export type RouteManifest = Record<string, ManifestEntry>;

/** The rules of a credential class that the manifest carries, present only when they apply. */
function rulesOf(credential: CredentialClass | undefined) {
  if (!credential) return {};
  const rules = CREDENTIAL_CLASSES[credential];
  return {
    ...(rules.refusedWhileImpersonating && {
      refusedWhileImpersonating: true as const,
    }),
    ...(rules.stepUp && { stepUp: true as const }),
  };
}

/** Action (or host route name) → method, path template and class rules, for the front end's API client. */
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
      ...rulesOf(route.credential),
    };
    // A route on several methods is also named per method, as its OpenAPI operations are.
    if (methods.length > 1)
      for (const method of methods)
        manifest[`${route.name}.${method.toLowerCase()}`] = {
          method,
          template: route.path,
          ...rulesOf(route.credential),
        };
  }
  for (const route of compileRoutes(config.routes))
    manifest[route.action] = {
      method: route.method,
      template: route.template,
      ...rulesOf(AUTH_ACTIONS[route.action].credential),
    };
  return manifest;
}

/** The path of an action's route under the current names and URIs. */
export function actionPath(
  config: AuthConfig,
  action: import("@/lib/contract/auth-actions").ActionName,
  params: RouteParams = {},
): string {
  return routePath(
    config,
    `${config.routes.as}${config.routes.names[action]}`,
    params,
  );
}
