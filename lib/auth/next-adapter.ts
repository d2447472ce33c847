import "server-only";
import { services } from "@/lib/runtime/services";
import { dispatch } from "@/lib/auth/routes/pipeline";
import { csrfCookie } from "@/lib/auth/csrf-cookie";
import { peekFlash } from "@/lib/auth/session";
import { ORIGINAL_PATH_HEADER } from "@/lib/auth/routes/headers";
import { routeManifest } from "@/lib/auth/routes/url";
import { isLocale, type Locale, negotiateLocale, translate } from "@/lib/i18n/catalog";
import { LOCALE_COOKIE } from "@/lib/client/locale-cookie";
import type { FrontendSettings } from "@/lib/client/frontend-settings";
import { cookies, headers } from "next/headers";
import { Session } from "@/lib/auth/session";

/** The App Router's side of an API path a route file serves: its own path, then the pipeline. */
async function handleAuthRequest(request: Request): Promise<Response> {
  return dispatch(request, new URL(request.url).pathname, await services());
}

/** A route file's handlers, every method through `handle` (the pipeline answers 405 itself). */
function everyMethod(handle: (request: Request) => Promise<Response>) {
  return { GET: handle, POST: handle, PUT: handle, PATCH: handle, DELETE: handle, OPTIONS: handle };
}

/**
 * The dispatcher's side of a path proxy.ts rewrote: the path the client asked for, which the
 * proxy always sets (overwriting any copy the client sent), then the pipeline.
 */
async function handleRewrittenAuthRequest(request: Request): Promise<Response> {
  const path = request.headers.get(ORIGINAL_PATH_HEADER) ?? new URL(request.url).pathname;
  return dispatch(request, path, await services());
}

/** The handlers of the route files that serve the API directly (`app/auth/…`). */
export const authRouteHandlers = everyMethod(handleAuthRequest);
/** The handlers of the dispatcher that proxy.ts rewrites to. */
export const rewrittenRouteHandlers = everyMethod(handleRewrittenAuthRequest);

export async function handleCsrfCookie(request: Request): Promise<Response> {
  return csrfCookie(request, await services());
}

/** The `locale` cookie (the language switch) first, then the browser's Accept-Language. */
export async function requestLocale(): Promise<Locale> {
  const chosen = (await cookies()).get(LOCALE_COOKIE)?.value;
  if (isLocale(chosen)) return chosen;
  return negotiateLocale((await headers()).get("accept-language"));
}

/** For server components: the configuration the front end needs, and the request's language. */
export async function frontendSettings(): Promise<FrontendSettings> {
  // The request's cookies first: reading them makes the page dynamic, so `next build` never
  // prerenders it and never needs the services (SESSION_SECRET, the database).
  const locale = await requestLocale();
  const { config } = await services();
  return {
    routes: routeManifest(config),
    password: config.password,
    allowRegistration: config["allow-registration"],
    allowImpersonate: config["allow-impersonate"],
    uploadMaxKilobytes: config.uploads["max-kilobytes"],
    locale,
  };
}

/**
 * Messages flashed by the previous request of a browser that did not ask for JSON: `status`
 * (forgot-password, flush-tokens) and `error` (a failed social sign-in), as plain strings.
 */
export async function flashedMessages(): Promise<{ status?: string; error?: string }> {
  const { env } = await services();
  const flash = await peekFlash((await cookies()).get(env.SESSION_COOKIE)?.value, env.SESSION_SECRET);
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  return { status: text(flash.status), error: text(flash.error) };
}

/** A message in the request's language, for server components (page titles, the 404 page). */
export async function translateForRequest(key: string): Promise<string> {
  return translate(await requestLocale(), key);
}

/**
 * A message the server flashed for the next page (a failed social sign-in lands on the login
 * screen with `error`). Only read here: the page's first API call consumes the flash.
 */
export async function flashedMessage(key: "error" | "status"): Promise<string | null> {
  const { env, database, now, config } = await services();
  const cookie = (await cookies()).get(env.SESSION_COOKIE)?.value;
  if (!cookie) return null;
  const session = await Session.open({ env, db: database.db, now, ip: "", userAgent: "", stateful: true, userClass: config["user-class"] }, cookie);
  const value = session.flashed(key);
  return typeof value === "string" ? value : null;
}
