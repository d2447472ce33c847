import "server-only";
import { log } from "@/lib/observability/request-scope";

const warned = new Set<string>();

/**
 * Logs, once per origin, the classic misconfiguration of contract §1 rule 6: a session cookie
 * arrives from an origin that is not stateful, so "login works, the next request is 401".
 */
export function warnStatelessCookie(request: Request): void {
  const origin =
    request.headers.get("origin") ??
    request.headers.get("referer") ??
    "(unknown)";
  let key = origin;
  try {
    key = new URL(origin).origin;
  } catch {
    // keep the raw value
  }
  if (warned.has(key) || warned.size > 1000) return;
  warned.add(key);
  log().warn(
    `session: a session cookie arrived from ${key}, which is not a stateful origin: the session is ignored (the request is treated as stateless). Add its host to SANCTUM_STATEFUL_DOMAINS (and check SESSION_DOMAIN) if it is your SPA.`,
  );
}
