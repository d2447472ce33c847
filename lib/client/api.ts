import type { RouteInput, RouteName, RouteOutput } from "@/lib/client/contract";
import type { RouteManifest } from "@/lib/client/frontend-settings";
import { parseRetryAfter } from "@/lib/client/retry-after";
import {
  fillFromInput,
  fillTemplate,
  routeQueryKey,
  staleRouteKey,
} from "@/lib/client/route-paths";

/** The session guard's CSRF-cookie endpoint (contract §4: `/<guard>/csrf-cookie`). */
export const CSRF_COOKIE_PATH = "/sanctum/csrf-cookie";
const XSRF_COOKIE = "XSRF-TOKEN";

export type FieldErrors = Record<string, string[]>;

/**
 * A failed call: the HTTP status (0 when the server could not be reached), the server's message,
 * and, for a 429, the seconds its `Retry-After` asks to wait.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldErrors = {},
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export type QueryValue = string | number | null | undefined;

export type RequestOptions = {
  method?: string;
  json?: unknown;
  form?: FormData;
  query?: Record<string, QueryValue>;
  /**
   * Session loading and sign-out: a 401 there means "signed out" and is left to the caller,
   * instead of clearing the session and sending the browser to the login page.
   */
  ignoreUnauthenticated?: boolean;
  signal?: AbortSignal;
};

/** How a call is made, beside its input: the session-loading 401 rule, cancellation. */
export type CallOptions = Pick<
  RequestOptions,
  "ignoreUnauthenticated" | "signal"
>;

/** A route that takes no fields may be called without an input. */
export type CallArgs<N extends RouteName> =
  Record<string, never> extends RouteInput<N>
    ? [input?: RouteInput<N>, options?: CallOptions]
    : [input: RouteInput<N>, options?: CallOptions];

export type ApiClientOptions = {
  routes: RouteManifest;
  /** contract §4 rule 7: a 401 outside session loading clears the session and goes to the login page. */
  onUnauthenticated: () => void;
  /**
   * A 423 "Password confirmation required." (step-up, decision record 009): asks the user to
   * confirm it is them; true once they did, false when they gave up. The call is then made again, once.
   */
  onConfirmationRequired?: () => Promise<boolean>;
};

/** Which second tries a call has had: one after a 419 (fresh CSRF cookie), one after a 423 (step-up). */
type Retries = { csrf: boolean; stepUp: boolean };

/** A cookie's raw value as the browser holds it (the server decodes the XSRF header itself). */
export function readCookie(name: string): string | null {
  if (typeof document === "undefined") return null;
  const prefix = `${name}=`;
  const pair = document.cookie
    .split("; ")
    .find((part) => part.startsWith(prefix));
  return pair ? pair.slice(prefix.length) : null;
}

// The UI language is the document's; server messages are asked for in the same one.
function uiLanguage(): string {
  return (
    (typeof document !== "undefined" && document.documentElement.lang) || "en"
  );
}

function withQuery(
  path: string,
  query: Record<string, QueryValue> = {},
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "")
      search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}${path.includes("?") ? "&" : "?"}${text}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null; // an HTML error page: the status says enough
  }
}

function toApiError(response: Response, body: unknown): ApiError {
  const data = (typeof body === "object" && body !== null ? body : {}) as {
    message?: unknown;
    errors?: unknown;
  };
  const message = typeof data.message === "string" ? data.message : "";
  const errors =
    typeof data.errors === "object" && data.errors !== null
      ? (data.errors as FieldErrors)
      : {};
  return new ApiError(
    response.status,
    message,
    errors,
    parseRetryAfter(response.headers.get("retry-after")),
  );
}

/**
 * The one HTTP client of the front end (the only caller of fetch): JSON, credentials, the
 * X-XSRF-TOKEN header from the XSRF-TOKEN cookie, a fresh CSRF cookie and one retry after a 419,
 * the step-up question and one retry after a 423.
 */
export function createApiClient({
  routes,
  onUnauthenticated,
  onConfirmationRequired,
}: ApiClientOptions) {
  async function send(
    path: string,
    options: RequestOptions,
    retried: Retries = { csrf: false, stepUp: false },
  ): Promise<unknown> {
    const method = (options.method ?? "GET").toUpperCase();
    const headers = new Headers({
      Accept: "application/json",
      "Accept-Language": uiLanguage(),
    });
    // No CSRF cookie yet (first visit, cookies cleared): get one rather than provoke a 419.
    if (
      method !== "GET" &&
      !readCookie(XSRF_COOKIE) &&
      path !== CSRF_COOKIE_PATH
    )
      await fetchCsrfCookie();
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf && method !== "GET") headers.set("X-XSRF-TOKEN", xsrf);
    let body: BodyInit | undefined;
    if (options.form) body = options.form;
    else if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers.set("Content-Type", "application/json");
    }
    let response: Response;
    try {
      response = await fetch(withQuery(path, options.query), {
        method,
        headers,
        body,
        credentials: "include",
        signal: options.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError")
        throw error;
      throw new ApiError(0, "");
    }
    if (response.status === 419 && !retried.csrf) {
      await fetchCsrfCookie();
      return send(path, options, { ...retried, csrf: true });
    }
    const data = await readBody(response);
    // Given up, the call fails with the server's own words ("Password confirmation required.").
    if (
      response.status === 423 &&
      !retried.stepUp &&
      onConfirmationRequired &&
      (await onConfirmationRequired())
    ) {
      return send(path, options, { ...retried, stepUp: true });
    }
    if (response.ok) return data;
    if (response.status === 401 && !options.ignoreUnauthenticated)
      onUnauthenticated();
    throw toApiError(response, data);
  }

  async function fetchCsrfCookie(): Promise<void> {
    await send(
      CSRF_COOKIE_PATH,
      { ignoreUnauthenticated: true },
      { csrf: true, stepUp: true },
    );
  }

  function route(name: string): { method: string; template: string } {
    const entry = routes[name];
    if (!entry) throw new Error(`Route ${name} is not configured.`);
    return entry;
  }

  function callRoute<N extends RouteName>(
    name: N,
    input: RouteInput<N> | undefined,
    options: CallOptions = {},
  ): Promise<RouteOutput<N>> {
    const { method, template } = route(name);
    const { path, rest } = fillFromInput(template, input);
    return send(path, {
      ...options,
      method,
      ...(method === "GET"
        ? { query: rest as Record<string, QueryValue> }
        : { json: rest }),
    }) as Promise<RouteOutput<N>>;
  }

  return {
    /**
     * A route of the manifest by its name (`login`, `update-password`, `api.admin.users.index`),
     * typed from its row (decision record 062): the input's path parameters fill the template,
     * the other fields are the query of a GET or the JSON body of any other method.
     */
    call: <N extends RouteName>(name: N, ...[input, options]: CallArgs<N>) =>
      callRoute(name, input, options),
    /**
     * The same call for a caller generic in the route (lib/client/route-query.ts), where a
     * route without fields cannot be told from one with: the input is one argument, maybe none.
     */
    callRoute,
    /** Multipart to a route of the manifest (photo upload). */
    upload<N extends RouteName>(
      name: N,
      form: FormData,
    ): Promise<RouteOutput<N>> {
      const { method, template } = route(name);
      return send(fillTemplate(template), { method, form }) as Promise<
        RouteOutput<N>
      >;
    },
    /** Its react-query key (lib/client/route-paths.ts `routeQueryKey`). */
    queryKey: <N extends RouteName>(name: N, input?: RouteInput<N>) =>
      routeQueryKey(route(name).template, input),
    /** What a change through it makes stale (lib/client/route-paths.ts `staleRouteKey`). */
    staleKey: (name: RouteName) => staleRouteKey(routes, route(name).template),
    csrfCookie: fetchCsrfCookie,
    /** Whether `path` is one of the API's own routes (a link from a mail) rather than a screen. */
    isApiPath(path: string): boolean {
      const pathname = path.split(/[?#]/)[0] ?? path;
      return Object.values(routes).some(({ template }) =>
        new RegExp(
          `^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[A-Za-z_][A-Za-z0-9_]*\}/g, "[^/]+")}/?$`,
        ).test(pathname),
      );
    },
    /** A route's path, for a link the browser follows itself (a CSV download). */
    path<N extends RouteName>(name: N, params?: RouteInput<N>): string {
      return fillTemplate(
        route(name).template,
        params as Record<string, string | number> | undefined,
      );
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
