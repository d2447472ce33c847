import { safeRedirect } from "@/lib/http/safe-redirect";

/** JSON responses of the API: never cached, never sniffed. */
export function json(
  body: unknown,
  status = 200,
  headers: HeadersInit = {},
): Response {
  const response = new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers,
  });
  if (status !== 204) response.headers.set("Content-Type", "application/json");
  response.headers.set("Cache-Control", "no-store, private");
  response.headers.set("X-Content-Type-Options", "nosniff");
  return response;
}

export function redirect(location: string, status = 302): Response {
  return new Response(null, {
    status,
    headers: { Location: location, "Cache-Control": "no-store, private" },
  });
}

/**
 * An internal path to go back to: the Referer's path when the Referer is this application's own
 * — the host of `appUrl` or the request's `Host` — else `fallback`. Never `request.url`'s host:
 * behind Next's server it is "localhost" whatever address the browser used. A path that a browser
 * would read as another host (`//evil`, `/\evil`) is never returned.
 */
export function backPath(
  request: Request,
  appUrl: string,
  fallback: string,
): string {
  const referer = request.headers.get("referer");
  if (!referer) return fallback;
  try {
    const target = new URL(referer);
    const ownHosts = [
      new URL(appUrl).host,
      request.headers.get("host")?.toLowerCase(),
    ];
    if (!ownHosts.includes(target.host)) return fallback;
    return safeRedirect(`${target.pathname}${target.search}`, fallback);
  } catch {
    return fallback;
  }
}
