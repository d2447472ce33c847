/** Where the dispatcher's route handler lives; never reachable directly (the proxy answers 404). */
export const DISPATCH_PREFIX = "/internal/dispatch";

/** A path nothing serves: Next renders `app/not-found.tsx` for it. */
export const NOT_FOUND_PAGE = "/internal/not-found";

/**
 * The URL of an internal path on this server, for the proxy's rewrite (decision record 001).
 * Built on `requestUrl`, the address Next's router resolved the request on (bound host and
 * port), never on `nextUrl`: Next spells a loopback host "localhost" there, and a rewrite to
 * another origin than the router's is proxied as an external URL. next.config.ts's
 * `skipProxyUrlNormalize` keeps `request.url` and the rewrite unnormalised.
 */
export function internalUrl(
  requestUrl: string,
  prefix: string,
  path: string,
): URL {
  const url = new URL(requestUrl);
  url.pathname = `${prefix}${path}`;
  return url;
}
