import {
  namesOriginForCredentials,
  type OriginPolicy,
} from "@/lib/http/origins";

const ALLOWED_HEADERS =
  "Accept, Accept-Language, Authorization, Content-Type, X-Requested-With, X-XSRF-TOKEN, X-CSRF-TOKEN";
const ALLOWED_METHODS = "GET, POST, PUT, PATCH, DELETE, OPTIONS";

/**
 * CORS for a cross-origin caller: allowed origins (by default the stateful ones), compared by
 * scheme, host and port, get credentials, for the SPA and its cookies; any other origin — and
 * any origin matched only by a `*` entry — may call without credentials, which is all bearer
 * tokens need (decision record 006).
 */
export function corsHeaders(
  policy: OriginPolicy,
  request: Request,
): Record<string, string> {
  const origin = request.headers.get("origin");
  if (!origin || origin === "null" || origin === new URL(request.url).origin)
    return {};
  const headers: Record<string, string> = {
    "Access-Control-Allow-Origin": origin,
    Vary: "Origin",
  };
  if (namesOriginForCredentials(policy, origin))
    headers["Access-Control-Allow-Credentials"] = "true";
  return headers;
}

/** Answers a CORS preflight (OPTIONS with Access-Control-Request-Method). */
export function preflight(policy: OriginPolicy, request: Request): Response {
  const headers = corsHeaders(policy, request);
  if (Object.keys(headers).length > 0) {
    headers["Access-Control-Allow-Methods"] = ALLOWED_METHODS;
    headers["Access-Control-Allow-Headers"] = ALLOWED_HEADERS;
    headers["Access-Control-Max-Age"] = "7200";
  }
  return new Response(null, { status: 204, headers });
}

/** Copies CORS headers onto a response. */
export function withCors(
  policy: OriginPolicy,
  request: Request,
  response: Response,
): Response {
  const headers = corsHeaders(policy, request);
  if (Object.keys(headers).length === 0) return response;
  const merged = new Headers(response.headers);
  for (const [name, value] of Object.entries(headers)) merged.set(name, value);
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers: merged,
  });
}
