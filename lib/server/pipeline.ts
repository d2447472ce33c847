import "server-only";
import type { RouteContract } from "@/lib/config/route-contract";
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
import { type RouteAbility, SESSION_ONLY } from "@/lib/config/token-abilities";
import { TOKEN_ACCESS, type TokenAccess } from "@/lib/server/token-access";
import {
  CREDENTIAL_CLASSES,
  type CredentialClass,
} from "@/lib/config/credential-classes";
import { CREDENTIAL_GUARD } from "@/lib/server/credential-guard";

/** `steps` with the registered step `name` (run with `args`) right after the last of `after`, else first. */
function insertStep(
  steps: ResolvedMiddleware[],
  name: string,
  args: unknown,
  after: string[],
): ResolvedMiddleware[] {
  const step: ResolvedMiddleware = {
    name,
    args,
    run: middlewareNamed(name, "the pipeline's own steps")
      .run as ResolvedMiddleware["run"],
  };
  const at = steps.findLastIndex((candidate) => after.includes(candidate.name));
  return [...steps.slice(0, at + 1), step, ...steps.slice(at + 1)];
}

/**
 * A route's steps with its declared token ability and the rules of its credential class around
 * its own middleware. The ability's check goes right after the guard (the last `auth` step, else
 * first): a missing user is still a 401, and a refused token reaches no limiter, input or endpoint
 * (decision record 011); routes any token may call get none. A session-only class makes the
 * ability SESSION_ONLY, and its guard (impersonation, proven address, step-up) runs right after
 * the token's check (decision record 028). Applied here, not in the route's list, so no configured
 * middleware list can drop them.
 */
export function withRouteRules(
  steps: ResolvedMiddleware[],
  access: TokenAccess,
  credential: CredentialClass,
): ResolvedMiddleware[] {
  const rules = CREDENTIAL_CLASSES[credential];
  const ability = rules.sessionOnly ? SESSION_ONLY : access.ability;
  const checked =
    ability === null && !access.sessionOnlyFields?.length
      ? steps
      : insertStep(steps, TOKEN_ACCESS, { ...access, ability }, ["auth"]);
  const guarded =
    rules.stepUp || rules.refusedWhileImpersonating || rules.needsProvenAddress;
  return guarded
    ? insertStep(checked, CREDENTIAL_GUARD, rules, ["auth", TOKEN_ACCESS])
    : checked;
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
      withRouteRules(
        config.routes.middlewares[action].map((spec, index) =>
          resolveMiddleware(
            spec,
            `AUTH_CONFIG_JSON routes.middlewares.${action}.${index}`,
          ),
        ),
        { ability: AUTH_ACTIONS[action].ability },
        AUTH_ACTIONS[action].credential,
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

/**
 * Runs one endpoint through the web group (session, CSRF), its middleware, and zod; then, when its
 * credential class tells the owner (decision record 028), the application's notice.
 */
export async function runEndpoint(
  ctx: Context,
  endpoint: Endpoint,
  middleware: ResolvedMiddleware[],
  credential: CredentialClass = "none",
  csrf = true,
): Promise<Response> {
  if (csrf) await verifyCsrf(ctx);
  for (const step of middleware) await step.run(ctx, step.args);
  // The guard already loaded the session's row: this costs no statement.
  if (ctx.auth?.via === "session")
    ctx.impersonatorId = (await ctx.session.impersonator()).id;
  const schema = endpoint.input ? endpoint.input(ctx.config, ctx) : EMPTY_INPUT;
  const input = parseInput(schema, { ...(await ctx.input()) } as Input);
  const result = await endpoint.run(ctx, input);
  const notice = CREDENTIAL_CLASSES[credential].notice;
  if (notice && ctx.credentialChange !== null)
    await ctx.services.application.noticeCredentialChange(ctx, notice);
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

type Selected = {
  endpoint: Endpoint;
  middleware: ResolvedMiddleware[];
  credential: CredentialClass;
  /** False for a route outside the web group's CSRF check (HostRoute.csrf). */
  csrf?: boolean;
};

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
      const { endpoint, middleware, credential, csrf } = select(ctx);
      response = await runEndpoint(ctx, endpoint, middleware, credential, csrf);
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
      credential: AUTH_ACTIONS[route.action].credential,
    };
  });
}

/** A route of the host application (profile, uploads, administration) at a fixed path. */
export type HostRoute = Partial<RouteContract> & {
  name: string;
  /** Its path template (`/api/admin/users/{id}`): the folder of its route file under app/. */
  path: string;
  method: HttpMethod | HttpMethod[];
  endpoint: Endpoint;
  /** Middleware specs, as in `routes.middlewares` (e.g. `auth:sanctum`, `throttle:60,1`). */
  middleware: string[];
  /** What a bearer token needs to call it (lib/config/token-abilities.ts; README "Token abilities"). */
  ability: RouteAbility;
  /** What it does to the ways into an account, and so its rules (decision record 028). */
  credential: CredentialClass;
  /** Fields only a session may send: a bearer token sending one gets 403 (e.g. a new `email`). */
  sessionOnlyFields?: readonly string[];
  /** Where a browser goes after success when it did not ask for JSON. */
  redirect?: string;
  /**
   * False for a route a client calls with its own credentials and no cookie, outside Laravel's
   * web group as Passport registers it (`/oauth/token`, revocation, introspection): no CSRF
   * check. A session cookie sent along is still read, never trusted to change anything.
   */
  csrf?: false;
  /** Largest body in bytes; a function when it follows configuration (uploads). */
  bodyLimit?: number | ((config: AuthConfig) => number);
};

const hostMiddleware = new WeakMap<HostRoute, ResolvedMiddleware[]>();

/** A host route's middleware resolved against the registry, with its ability and credential class applied; memoized. */
export function hostRouteMiddleware(route: HostRoute): ResolvedMiddleware[] {
  let middleware = hostMiddleware.get(route);
  if (!middleware) {
    middleware = withRouteRules(
      route.middleware.map((spec, index) =>
        resolveMiddleware(spec, `host route ${route.name} middleware.${index}`),
      ),
      { ability: route.ability, sessionOnlyFields: route.sessionOnlyFields },
      route.credential,
    );
    hostMiddleware.set(route, middleware);
  }
  return middleware;
}

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
      const middleware = hostRouteMiddleware(route);
      ctx.routeName = route.name;
      ctx.params = params;
      ctx.redirectTarget = route.redirect ?? "/";
      return {
        endpoint: route.endpoint,
        middleware,
        credential: route.credential,
        csrf: route.csrf ?? true,
      };
    },
    typeof route.bodyLimit === "function"
      ? route.bodyLimit(services.config)
      : route.bodyLimit,
  );
}
