import "server-only";
import { randomUUID } from "node:crypto";
import { clientIp } from "@/lib/http/request";
import { metrics } from "@/lib/observability/metrics";
import { oauthClientLabel } from "@/lib/observability/oauth-client-label";
import {
  openScope,
  type RequestScope,
  runInScope,
} from "@/lib/observability/request-scope";
import { accessLogger, rootLogger } from "@/lib/observability/logger";

export const REQUEST_ID_HEADER = "X-Request-Id";

/** A request that never reached a route (404, 405, a preflight): one label, so a scan cannot grow the series. */
const UNMATCHED = "unmatched";

function address(request: Request, trustedHops: number): string | undefined {
  try {
    return clientIp(request, trustedHops);
  } catch {
    return undefined;
  }
}

/**
 * The per-request hook of the pipeline (decision record 019): gives the request an id (sent
 * back as X-Request-Id, and on every line logged while it runs), then writes its one log line —
 * time, id, route name, method, status, duration, user id, OAuth client, client address; never the path,
 * which may hold a token — and counts it in the metrics. The pipeline sets `scope.context`
 * as soon as it has one.
 */
export async function observeRequest(
  request: Request,
  trustedHops: number,
  handle: (scope: RequestScope) => Promise<Response>,
): Promise<Response> {
  const started = performance.now();
  const id = randomUUID();
  const scope = openScope(id);
  let response = await runInScope(scope, () => handle(scope));
  const seconds = (performance.now() - started) / 1000;
  const route = scope.context?.routeName ?? UNMATCHED;
  const labels = {
    route,
    method: request.method,
    status: String(response.status),
  };
  const tracked = metrics();
  tracked.requests.inc(labels);
  tracked.duration.observe(labels, seconds);
  if (response.status < 500) for (const count of scope.pending) count();
  const auth = scope.context?.auth;
  if (auth?.via === "token" && auth.user) tracked.tokensUsed.inc();
  if (auth?.oauthToken)
    tracked.oauthClientRequests.inc({
      client: oauthClientLabel(auth.oauthToken.clientId),
    });
  accessLogger(rootLogger()).info(
    {
      requestId: id,
      route,
      method: request.method,
      status: response.status,
      durationMs: Math.round(seconds * 10_000) / 10,
      userId: auth?.user?.id ?? null,
      oauthClientId: auth?.oauthToken?.clientId ?? null,
      ip: scope.context?.ip ?? address(request, trustedHops),
    },
    "request",
  );
  try {
    response.headers.set(REQUEST_ID_HEADER, id);
  } catch {
    response = new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers: new Headers(response.headers),
    });
    response.headers.set(REQUEST_ID_HEADER, id);
  }
  return response;
}
