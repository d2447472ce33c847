import type { Env } from "@/lib/env";

/**
 * Sanctum's stateful domains: the origins whose requests may authenticate with the session
 * cookie. Patterns are `host` or `host:port`, with `*` as a wildcard (`*.example.com`, `localhost:*`).
 */
export type OriginPolicy = { patterns: RegExp[]; sources: string[] };

const toRegExp = (pattern: string) =>
  new RegExp(`^${pattern.trim().toLowerCase().replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`);

function policyOf(sources: string[]): OriginPolicy {
  return { patterns: sources.map(toRegExp), sources };
}

const splitList = (value: string | undefined) => value?.split(",").map((entry) => entry.trim()).filter(Boolean);

/**
 * CORS_ALLOWED_ORIGINS: origins allowed to call with credentials (Laravel's config/cors.php).
 * By default exactly the stateful origins.
 */
export function corsPolicy(env: Pick<Env, "CORS_ALLOWED_ORIGINS">, stateful: OriginPolicy): OriginPolicy {
  const configured = splitList(env.CORS_ALLOWED_ORIGINS);
  return configured ? policyOf(configured) : stateful;
}

/** SANCTUM_STATEFUL_DOMAINS, or by default the APP_URL host (plus localhost/127.0.0.1 on any port outside production). */
export function statefulPolicy(env: Pick<Env, "SANCTUM_STATEFUL_DOMAINS" | "APP_URL" | "isProduction">): OriginPolicy {
  const own = new URL(env.APP_URL).host;
  const configured = splitList(env.SANCTUM_STATEFUL_DOMAINS);
  const sources = configured ?? [own, ...(env.isProduction ? [] : ["localhost", "localhost:*", "127.0.0.1", "127.0.0.1:*", "[::1]", "[::1]:*"])];
  if (!sources.includes(own)) sources.push(own);
  return policyOf(sources);
}

/** host[:port] of an Origin or Referer value; null when it is not a URL. */
function hostOf(value: string): string | null {
  try {
    return new URL(value).host.toLowerCase();
  } catch {
    return null;
  }
}

export function isStatefulOrigin(policy: OriginPolicy, origin: string): boolean {
  const host = hostOf(origin);
  return host !== null && policy.patterns.some((pattern) => pattern.test(host));
}

/**
 * Whether a request may use the session (issue 9): decided by its Origin, else its Referer.
 * Without either, only a browser's own word that it is cross-site (Sec-Fetch-Site) makes it
 * stateless — direct navigations, links from mail and server-to-server calls keep the session.
 */
export function isStatefulRequest(policy: OriginPolicy, headers: Headers): boolean {
  const origin = headers.get("origin");
  if (origin && origin !== "null") return isStatefulOrigin(policy, origin);
  const referer = headers.get("referer");
  if (referer) return isStatefulOrigin(policy, referer);
  return headers.get("sec-fetch-site") !== "cross-site";
}
