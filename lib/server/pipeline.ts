import "server-only";
import { type Context, createContext } from "@/lib/server/context";
import { verifyCsrf } from "@/lib/server/csrf";
import type { ResolvedMiddleware } from "@/lib/server/middleware";
import {
  type HostRoute,
  hostRouteMiddleware,
  middlewareTable,
} from "@/lib/server/route-rules";
import {
  type CompiledRoute,
  compileRoutes,
  matchRoute,
} from "@/lib/server/match";
import type { Endpoint, EndpointResult } from "@/lib/server/endpoint";
import { respond } from "@/lib/server/respond";
import {
  bearerDemand,
  withBearerChallenge,
} from "@/lib/server/bearer-challenge";
import { Session } from "@/lib/server/session";
import { toErrorResponse } from "@/lib/server/error-response";
import {
  HttpError,
  methodNotAllowed,
  notFound,
  tooManyRequests,
} from "@/lib/http/errors";
import { clientIp } from "@/lib/http/request";
import { parseCookies } from "@/lib/http/cookies";
import { preflight, withCors } from "@/lib/http/cors";
import {
  apiSecurityHeaders,
  withSecurityHeaders,
} from "@/lib/http/security-headers";
import { isStatefulRequest } from "@/lib/http/stateful";
import { warnStatelessCookie } from "@/lib/server/stateful-warning";
import { observeRequest } from "@/lib/observability/observe-request";
import { validateInput } from "@/lib/server/validate-input";
import type { Services } from "@/lib/server/services";
import { AUTH_ACTIONS, type HttpMethod } from "@/lib/contract/auth-actions";
import {
  CREDENTIAL_CLASSES,
  type CredentialClass,
} from "@/lib/contract/credential-classes";

export type { HostRoute } from "@/lib/server/route-rules";

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
 * Runs one endpoint through the web group (session, CSRF), its middleware, and its validation; then, when its
 * credential class tells the owner (decision record 028), the application's notice.
 */
/**
 * The limiter counts an endpoint that carries them did not (it answered before its statement, or
 * threw): counted now, and past a limit the answer is the 429 it would have been (record 104).
 */
async function countLeftHits(ctx: Context): Promise<void> {
  const left = ctx.carriedHits?.splice(0) ?? [];
  let retryAfter = 0;
  for (const hit of left) retryAfter = Math.max(retryAfter, await hit.count());
  if (retryAfter > 0) throw tooManyRequests(retryAfter);
}

/** A refusal a `refused-only` limiter rule counts: a 4xx, but not its own 429 (decision record 116). */
const isRefusal = (status: number) =>
  status >= 400 && status < 500 && status !== 429;

/** Counts the `refused-only` rules once the request is refused, by an answer or by a thrown error. */
async function countRefusals(ctx: Context, status: number): Promise<void> {
  if (!isRefusal(status)) return;
  for (const count of ctx.onRefusal.splice(0)) await count();
}

export async function runEndpoint(
  ctx: Context,
  endpoint: Endpoint,
  middleware: ResolvedMiddleware[],
  credential: CredentialClass = "none",
  csrf = true,
): Promise<Response> {
  if (csrf) await verifyCsrf(ctx);
  if (endpoint.carriesLimiterHits) ctx.carriedHits = [];
  let result: EndpointResult;
  try {
    result = await runMiddlewareAndEndpoint(ctx, endpoint, middleware);
  } catch (error) {
    if (error instanceof HttpError) await countRefusals(ctx, error.status);
    throw error;
  }
  if (result instanceof Response) await countRefusals(ctx, result.status);
  const notice = CREDENTIAL_CLASSES[credential].notice;
  if (notice && ctx.credentialChange !== null)
    await ctx.services.application.noticeCredentialChange(ctx, notice);
  return respond(ctx, endpoint, result);
}

/** The route's middleware, its validation and the endpoint's own answer. */
async function runMiddlewareAndEndpoint(
  ctx: Context,
  endpoint: Endpoint,
  middleware: ResolvedMiddleware[],
): Promise<EndpointResult> {
  for (const step of middleware) await step.run(ctx, step.args);
  // The guard already loaded the session's row: this costs no statement.
  if (ctx.auth?.via === "session")
    ctx.impersonatorId = (await ctx.session.impersonator()).id;
  const input = await validateInput(ctx, endpoint);
  try {
    return await endpoint.run(ctx, input);
  } finally {
    await countLeftHits(ctx);
  }
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
    let demand: ReturnType<typeof bearerDemand> = null;
    let thrown: unknown = null;
    try {
      const session = await openSession(request, services);
      ctx = scope.context = createContext(
        request,
        services,
        session,
        bodyLimit,
      );
      const { endpoint, middleware, credential, csrf } = select(ctx);
      demand = bearerDemand(middleware);
      response = await runEndpoint(ctx, endpoint, middleware, credential, csrf);
    } catch (error) {
      thrown = error;
      response = toErrorResponse(error, ctx, scope.id);
    }
    // A refused bearer learns why and where this API's metadata is (decision record 085).
    response = withBearerChallenge(response, {
      request,
      auth: ctx?.auth,
      demand,
      error: thrown,
      resourceMetadata: services.application.resourceMetadataUrl?.(services),
    });
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
