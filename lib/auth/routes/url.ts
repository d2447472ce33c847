import type { AuthConfig } from "@/lib/auth/config";
import { compileRoutes } from "@/lib/auth/routes/match";

/** Routes of the host application (SPEC.md §4 "Profile-related calls"), at fixed paths. */
export const HOST_ROUTES = {
  "api.app.user.update": { method: "PUT", template: "/api/app/user/update" },
  "lu.upload.file": { method: "POST", template: "/api/lu/upload/file" },
  "api.app.user.email.confirm": { method: "GET", template: "/api/app/user/email/confirm/{token}" },
  "api.app.user.email.resend": { method: "POST", template: "/api/app/user/email/resend" },
  "api.app.user.email.cancel": { method: "POST", template: "/api/app/user/email/cancel" },
} as const;

export type RouteParams = Record<string, string | number>;

/**
 * Laravel's route(): the path of a named route with its parameters filled in; parameters the
 * template does not use become the query string. Throws for an unknown name.
 */
export function routePath(config: AuthConfig, name: string, params: RouteParams = {}): string {
  const template =
    compileRoutes(config.routes).find((route) => route.name === name)?.template ??
    (HOST_ROUTES as Record<string, { template: string }>)[name]?.template;
  if (!template) throw new Error(`Route [${name}] not defined.`);
  const rest = new URLSearchParams();
  const used = new Set<string>();
  const path = template.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing parameter [${key}] for route [${name}].`);
    used.add(key);
    return encodeURIComponent(String(value));
  });
  for (const [key, value] of Object.entries(params)) if (!used.has(key)) rest.append(key, String(value));
  const query = rest.toString();
  return query ? `${path}?${query}` : path;
}

/** The route's absolute URL under APP_URL. */
export function routeUrl(config: AuthConfig, appUrl: string, name: string, params: RouteParams = {}): string {
  return `${appUrl}${routePath(config, name, params)}`;
}

export type RouteManifest = Record<string, { method: string; template: string }>;

/** Action (or host route name) → method and path template, for the front end's API client. */
export function routeManifest(config: AuthConfig): RouteManifest {
  const manifest: RouteManifest = { ...HOST_ROUTES };
  for (const route of compileRoutes(config.routes)) manifest[route.action] = { method: route.method, template: route.template };
  return manifest;
}

/** The path of an action's route under the current names and URIs. */
export function actionPath(config: AuthConfig, action: import("@/lib/auth/actions").ActionName, params: RouteParams = {}): string {
  return routePath(config, `${config.routes.as}${config.routes.names[action]}`, params);
}
