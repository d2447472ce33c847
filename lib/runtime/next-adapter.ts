import "server-only";
import { services } from "@/lib/runtime/services";
import type { AuthConfig } from "@/lib/config/auth";
import type { Services } from "@/lib/server/services";
import { dispatch, dispatchHost, type HostRoute } from "@/lib/server/pipeline";
import { csrfCookie } from "@/lib/server/csrf-cookie";
import { ORIGINAL_PATH_HEADER } from "@/lib/server/headers";
import { type RouteManifest, routeManifest } from "@/lib/server/url";
import { compileRoutes, matchFixedRoute, matchPath } from "@/lib/server/match";
import { HOST_ROUTES } from "@/lib/runtime/routes";
import { PROVIDERS } from "@/lib/contract/auth/providers";
import { toInternalPath, withPublicPaths } from "@/lib/oauth/path-prefix";
import { relyingPartyIdFor } from "@/lib/passkeys/relying-party";
import { appAwaitingSignIn } from "@/lib/oauth/app-awaiting-sign-in";
import {
  isLocale,
  type Locale,
  negotiateLocale,
  translate,
} from "@/lib/i18n/catalog";
import { LOCALE_COOKIE } from "@/lib/client/locale-cookie";
import type { FrontendSettings } from "@/lib/client/frontend-settings";
import { cookies, headers } from "next/headers";
import { Session } from "@/lib/server/session";

type RouteContext = { params?: Promise<Record<string, string | string[]>> };
type Handler = (request: Request, context?: RouteContext) => Promise<Response>;

/**
 * Where a route file's requests go: by their own path (the catch-alls of app/auth, app/api and
 * app/oauth), by the path proxy.ts rewrote them from (the dispatcher), or to one host route (a
 * route file of its own: uploads, the OAuth metadata under /.well-known).
 */
export type RouteTarget = "path" | "rewritten" | HostRoute;

/** The path the pipeline matches: the dispatcher's from the header proxy.ts always sets (a client's copy removed), else the URL's. */
function requestPath(request: Request, target: "path" | "rewritten"): string {
  const own = new URL(request.url).pathname;
  return target === "rewritten"
    ? (request.headers.get(ORIGINAL_PATH_HEADER) ?? own)
    : own;
}

/**
 * One request by its path, through one pipeline: an auth action of the configured table first
 * (its paths are configuration, and proxy.ts decided by the same table), else a host route of
 * HOST_ROUTES, matched on the path as they are declared (the OAuth routes under `/oauth`, the
 * configured `oauth.path` translated: lib/oauth/path-prefix.ts); anything else is the pipeline's
 * JSON 404 (docs/architecture.md "One request, three files of framework").
 */
export function routeByPath(
  request: Request,
  path: string,
  ready: Services,
): Promise<Response> {
  if (matchPath(compileRoutes(ready.config.routes), path))
    return dispatch(request, path, ready);
  const host = matchFixedRoute(
    HOST_ROUTES,
    request.method,
    toInternalPath(path, ready.config.oauth.path),
  );
  if ("params" in host)
    return dispatchHost(request, host.route, ready, host.params);
  // The pipeline's 405 with every method the path allows, or its 404.
  if (host.error === 405)
    return dispatchHost(
      request,
      { ...host.route, method: host.allowed },
      ready,
    );
  return dispatch(request, path, ready);
}

/** A host route's path parameters (its folder's `[id]`), as strings. */
async function hostParams(
  context: RouteContext | undefined,
): Promise<Record<string, string>> {
  const params = (await context?.params) ?? {};
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => [
      key,
      Array.isArray(value) ? value.join("/") : value,
    ]),
  );
}

/**
 * The one way from a route file into the pipeline (lib/server/pipeline.ts): a handler for every
 * method; a route file exports those it serves (Next answers 405 for the others), the auth
 * route files export them all (the pipeline answers 405 with `Allow` itself).
 */
export function routeHandlers(target: RouteTarget) {
  const handle: Handler = async (request, context) => {
    const ready = await services();
    if (typeof target === "string")
      return routeByPath(request, requestPath(request, target), ready);
    return dispatchHost(request, target, ready, await hostParams(context));
  };
  return {
    GET: handle,
    POST: handle,
    PUT: handle,
    PATCH: handle,
    DELETE: handle,
    OPTIONS: handle,
  };
}

export async function handleCsrfCookie(request: Request): Promise<Response> {
  return csrfCookie(request, await services());
}

/** The `locale` cookie (the language switch) first, then the browser's Accept-Language. */
export async function requestLocale(): Promise<Locale> {
  const chosen = (await cookies()).get(LOCALE_COOKIE)?.value;
  if (isLocale(chosen)) return chosen;
  return negotiateLocale((await headers()).get("accept-language"));
}

/**
 * The route manifest the front end calls by: the auth actions, the host routes, and the
 * providers list (its own route file, which the login screen calls too); the OAuth routes where
 * clients find them, under `oauth.path` (lib/oauth/path-prefix.ts).
 */
export function frontendRoutes(config: AuthConfig): RouteManifest {
  return routeManifest(
    config,
    withPublicPaths([...HOST_ROUTES, PROVIDERS], config.oauth.path),
  );
}

/** For server components: the configuration the front end needs, and the request's language. */
export async function frontendSettings(): Promise<FrontendSettings> {
  // The request's cookies first: reading them makes the page dynamic, so `next build` never
  // prerenders it and never needs the services (SESSION_SECRET, the database).
  const locale = await requestLocale();
  const { config, env } = await services();
  return {
    routes: frontendRoutes(config),
    password: config.password,
    allowRegistration: config["allow-registration"],
    allowImpersonate: config["allow-impersonate"],
    passwordless: config.features.passwordless,
    challenge: config.challenge.enabled,
    uploadMaxKilobytes: config.uploads["max-kilobytes"],
    tokens: {
      requireExpiry: config.tokens["require-expiry"],
      maxLifetimeDays: config.tokens["max-lifetime-days"],
    },
    teamRoles: config.teams.enabled
      ? config.teams.roles.map(({ key, permissions }) => ({ key, permissions }))
      : [],
    passkeys: { relyingPartyId: relyingPartyIdFor(env.APP_URL) },
    locale,
  };
}

/** The name of the OAuth app the login screen's `redirect` leads to, or null (decision record 090). */
export async function appNameAwaitingSignIn(
  redirect: string | null,
): Promise<string | null> {
  const { database, config } = await services();
  return appAwaitingSignIn(database.db, config, redirect);
}

/** A message in the request's language, for server components (page titles, the 404 page). */
export async function translateForRequest(key: string): Promise<string> {
  return translate(await requestLocale(), key);
}

/**
 * A message the server flashed for the next page (a failed social sign-in lands on the login
 * screen with `error`). Only read here: the page's first API call consumes the flash.
 */
export async function flashedMessage(
  key: "error" | "status" | "banner",
): Promise<string | null> {
  const { env, database, now, config } = await services();
  const cookie = (await cookies()).get(env.SESSION_COOKIE)?.value;
  if (!cookie) return null;
  const session = await Session.open(
    {
      env,
      db: database.db,
      now,
      ip: "",
      userAgent: "",
      stateful: true,
      userClass: config["user-class"],
    },
    cookie,
  );
  const value = session.flashed(key);
  return typeof value === "string" ? value : null;
}
