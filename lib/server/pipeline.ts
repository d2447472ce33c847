import "server-only";
import { z } from "zod";
import type { AuthConfig } from "@/lib/config/auth";
import { type Context, createContext } from "@/lib/server/context";
import { verifyCsrf } from "@/lib/server/csrf";
import {
  middlewareNamed,
  type ResolvedMiddleware,
  resolveMiddleware,
} from "@/lib/server/middleware";
import {
  type CompiledRoute,
  compileRoutes,
  matchRoute,
} from "@/lib/server/match";
import type { Endpoint } from "@/lib/server/endpoint";
import { respond } from "@/lib/server/respond";
import { Session } from "@/lib/server/session";
import { toErrorResponse } from "@/lib/server/error-response";
import { methodNotAllowed, notFound } from "@/lib/http/errors";
import { clientIp, type Input } from "@/lib/http/request";
import { parseCookies } from "@/lib/http/cookies";
import { preflight, withCors } from "@/lib/http/cors";
import {
  apiSecurityHeaders,
  withSecurityHeaders,
} from "@/lib/http/security-headers";
import { isStatefulRequest } from "@/lib/http/stateful";
import { warnStatelessCookie } from "@/lib/server/stateful-warning";
import { observeRequest } from "@/lib/observability/observe-request";
import { parseInput } from "@/lib/validation/parse";
import { IGNORED_FIELDS } from "@/lib/validation/rules";
import type { Services } from "@/lib/server/services";
import { ACTION_NAMES } from "@/lib/config/auth-actions";
import { AUTH_ACTIONS, type HttpMethod } from "@/lib/config/auth-actions";
import type { RouteAbility } from "@/lib/config/token-abilities";
import { TOKEN_ACCESS, type TokenAccess } from "@/lib/server/token-access";

/**
 * Adds the route's declared token ability right after its guard (the last `auth` step, else
 * first): a missing user is still a 401, and a refused token reaches no limiter, input or
 * endpoint (decision record 011). Routes that any token may call get no step.
 */
function withTokenAccess(
  steps: ResolvedMiddleware[],
  access: TokenAccess,
): ResolvedMiddleware[] {
  if (access.ability === null && !access.sessionOnlyFields?.length)
    return steps;
  const step: ResolvedMiddleware = {
    name: TOKEN_ACCESS,
    args: access,
    run: middlewareNamed(TOKEN_ACCESS, "token abilities")
      .run as ResolvedMiddleware["run"],
  };
  const at = steps.findLastIndex((candidate) => candidate.name === "auth") + 1;
  return [...steps.slice(0, at), step, ...steps.slice(at)];
}

const resolvedMiddleware = new WeakMap<
  AuthConfig["routes"],
  Map<string, ResolvedMiddleware[]>
>();

/**
 * Resolves every route's middleware list against the registry. Called at start (an unknown
 * name stops the server) and memoized per configuration.
 */
export function middlewareTable(
  config: AuthConfig,
): Map<string, ResolvedMiddleware[]> {
  const cached = resolvedMiddleware.get(config.routes);
  if (cached) return cached;
  const table = new Map(
    ACTION_NAMES.map((action) => [
      action,
      withTokenAccess(
        config.routes.middlewares[action].map((spec, index) =>
          resolveMiddleware(
            spec,
            `AUTH_CONFIG_JSON routes.middlewares.${action}.${index}`,
          ),
        ),
        { ability: AUTH_ACTIONS[action].ability },
      ),
    ]),
  );
  resolvedMiddleware.set(config.routes, table);
  return table;
}

const EMPTY_INPUT = z.strictObject({ ...IGNORED_FIELDS });

/** Opens the request's session: the sealed cookie, if any, pointing at a server-side row. */
export async function openSession(
  request: Request,
  services: Services,
): Promise<Session> {
  const cookie = parseCookies(request.headers.get("cookie")).get(
    services.env.SESSION_COOKIE,
  );
  const stateful = isStatefulRequest(services.stateful, request.headers);
  if (cookie && !stateful) warnStatelessCookie(request);
  const deps = {
    env: services.env,
    db: services.database.db,
    now: services.now,
    ip: clientIp(request, services.env.TRUST_PROXY),
    userAgent: request.headers.get("user-agent") ?? "",
    stateful,
    userClass: services.config["user-class"],
  };
  return Session.open(deps, cookie);
}

/** Runs one endpoint through the web group (session, CSRF), its middleware, and zod. */
export async function runEndpoint(
  ctx: Context,
  endpoint: Endpoint,
  middleware: ResolvedMiddleware[],
): Promise<Response> {
  await verifyCsrf(ctx);
  for (const step of middleware) await step.run(ctx, step.args);
  const schema = endpoint.input ? endpoint.input(ctx.config, ctx) : EMPTY_INPUT;
  const input = parseInput(schema, { ...(await ctx.input()) } as Input);
  const result = await endpoint.run(ctx, input);
  return respond(ctx, endpoint, result);
}

/** Adds the session's cookies, and any queued ones, to a response (fresh headers: a Response's may be immutable). */
export async function withSessionCookies(
  response: Response,
  session: Session,
  forceXsrf = false,
  queued: string[] = [],
): Promise<Response> {
  const cookies = [
    ...(await session.setCookieHeaders({ forceXsrf })),
    ...queued,
  ];
  if (cookies.length === 0) return response;
  const headers = new Headers(response.headers);
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

type Selected = { endpoint: Endpoint; middleware: ResolvedMiddleware[] };

/** The request pipeline shared by the auth routes and the host routes; the only try/catch on the path. */
function handle(
  request: Request,
  services: Services,
  select: (ctx: Context) => Selected,
  bodyLimit?: number,
): Promise<Response> {
  // Request id, the request's log line and its metrics (decision record 019).
  return observeRequest(request, services.env.TRUST_PROXY, async (scope) => {
    if (request.method === "OPTIONS")
      return finish(services, request, preflight(services.cors, request));
    let ctx: Context | null = null;
    let response: Response;
    try {
      const session = await openSession(request, services);
      ctx = scope.context = createContext(
        request,
        services,
        session,
        bodyLimit,
      );
      const { endpoint, middleware } = select(ctx);
      response = await runEndpoint(ctx, endpoint, middleware);
    } catch (error) {
      response = toErrorResponse(error, ctx, scope.id);
    }
    if (ctx) {
      try {
        response = await withSessionCookies(
          response,
          ctx.session,
          false,
          ctx.queuedCookies,
        );
      } catch (error) {
        response = toErrorResponse(error, null, scope.id);
      }
    }
    return finish(services, request, response);
  });
}

/** The last step of every API answer: CORS for the caller, the browser's defences for everyone (decision record 013). */
export function finish(
  services: Services,
  request: Request,
  response: Response,
): Response {
  return withSecurityHeaders(
    withCors(services.cors, request, response),
    apiSecurityHeaders(services.env.APP_URL),
  );
}

/** The one entry point of every /auth/* API call: route → middleware → zod → endpoint → response. */
export function dispatch(
  request: Request,
  path: string,
  services: Services,
): Promise<Response> {
  return handle(request, services, (ctx) => {
    const match = matchRoute(
      compileRoutes(ctx.config.routes),
      request.method,
      path,
    );
    if ("error" in match) {
      throw match.error === 404
        ? notFound()
        : methodNotAllowed(
            request.method,
            match.template.replace(/^\//, ""),
            match.allowed,
          );
    }
    const route: CompiledRoute = match.route;
    ctx.route = route;
    ctx.routeName = route.name;
    ctx.params = match.params;
    return {
      endpoint: services.application.endpoints[route.action],
      middleware: middlewareTable(ctx.config).get(route.action) ?? [],
    };
  });
}

/** A route of the host application (profile, uploads, administration) at a fixed path. */
export type HostRoute = {
  name: string;
  /** Its path template (`/api/admin/users/{id}`): the folder of its route file under app/. */
  path: string;
  method: HttpMethod | HttpMethod[];
  endpoint: Endpoint;
  /** Middleware specs, as in `routes.middlewares` (e.g. `auth:sanctum`, `throttle:60,1`). */
  middleware: string[];
  /** What a bearer token needs to call it (lib/config/token-abilities.ts; README "Token abilities"). */
  ability: RouteAbility;
  /** Fields only a session may send: a bearer token sending one gets 403 (e.g. a new `email`). */
  sessionOnlyFields?: readonly string[];
  /** Where a browser goes after success when it did not ask for JSON. */
  redirect?: string;
  /** Largest body in bytes; a function when it follows configuration (uploads). */
  bodyLimit?: number | ((config: AuthConfig) => number);
};

const hostMiddleware = new WeakMap<HostRoute, ResolvedMiddleware[]>();

/** Runs a host route through the same pipeline (session, CSRF, middleware, zod, error mapping). */
export function dispatchHost(
  request: Request,
  route: HostRoute,
  services: Services,
  params: Record<string, string> = {},
): Promise<Response> {
  return handle(
    request,
    services,
    (ctx) => {
      const methods = Array.isArray(route.method)
        ? route.method
        : [route.method];
      const method = request.method === "HEAD" ? "GET" : request.method;
      if (!methods.includes(method as HttpMethod))
        throw methodNotAllowed(request.method, route.name, methods);
      let middleware = hostMiddleware.get(route);
      if (!middleware) {
        middleware = withTokenAccess(
          route.middleware.map((spec, index) =>
            resolveMiddleware(
              spec,
              `host route ${route.name} middleware.${index}`,
            ),
          ),
          {
            ability: route.ability,
            sessionOnlyFields: route.sessionOnlyFields,
          },
        );
        hostMiddleware.set(route, middleware);
      }
      ctx.routeName = route.name;
      ctx.params = params;
      ctx.redirectTarget = route.redirect ?? "/";
      return { endpoint: route.endpoint, middleware };
    },
    typeof route.bodyLimit === "function"
      ? route.bodyLimit(services.config)
      : route.bodyLimit,
  );
}
