// Relative: next.config.ts imports this file, and its loader knows no "@/" alias.
import { REWRITE_HEADER } from "./headers";

/** Where the dispatcher's route handler lives; never reachable directly. */
export const DISPATCH_PREFIX = "/internal/dispatch";

/** A path nothing serves: Next renders `app/not-found.tsx` for it. */
export const NOT_FOUND_PAGE = "/internal/not-found";

// Every path but Next's own files: proxy.ts's matcher sends every request carrying REWRITE_HEADER
// on these paths through the proxy, which sets or removes it, so the rewrites never act on a
// header a client sent.
const PROXIED = "/:path((?!_next/static|_next/image|favicon.ico).*)";

/**
 * The rewrites proxy.ts asks for, applied by next.config.ts (decision record 001). The proxy
 * cannot rewrite itself: Next spells a loopback host "localhost" in the proxy's URLs, so with
 * `next start -H 127.0.0.1` any URL it builds looks external to the server and answers 404. A
 * rewrite of next.config is a path on this server whatever address it is bound to. Relative
 * imports only: next.config.ts loads this file.
 */
export const INTERNAL_REWRITES = [
  {
    source: PROXIED,
    has: [{ type: "header" as const, key: REWRITE_HEADER, value: "dispatch" }],
    destination: `${DISPATCH_PREFIX}/:path`,
  },
  {
    source: PROXIED,
    has: [{ type: "header" as const, key: REWRITE_HEADER, value: "not-found" }],
    destination: `${NOT_FOUND_PAGE}/:path`,
  },
];
