/** JSON responses of the API: never cached, never sniffed. */
export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  const response = new Response(status === 204 ? null : JSON.stringify(body), { status, headers });
  if (status !== 204) response.headers.set("Content-Type", "application/json");
  response.headers.set("Cache-Control", "no-store, private");
  response.headers.set("X-Content-Type-Options", "nosniff");
  return response;
}

export function redirect(location: string, status = 302): Response {
  return new Response(null, { status, headers: { Location: location, "Cache-Control": "no-store, private" } });
}

/** An internal path to go back to: the Referer when it is this application's own, else `fallback`. */
export function backPath(request: Request, fallback: string): string {
  const referer = request.headers.get("referer");
  if (!referer) return fallback;
  try {
    const target = new URL(referer);
    const self = new URL(request.url);
    return target.host === self.host ? `${target.pathname}${target.search}` : fallback;
  } catch {
    return fallback;
  }
}
