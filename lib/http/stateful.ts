import type { Env } from "@/lib/env";
import {
  matchesOrigin,
  originPolicy,
  type OriginPolicy,
  type SchemeRule,
  splitList,
} from "@/lib/http/origins";

export type { OriginPolicy } from "@/lib/http/origins";

type OriginEnv = Pick<Env, "APP_URL" | "isProduction">;

/** What an entry without a scheme means (decision record 006): APP_URL's scheme; loopback hosts in development also http. */
function schemeRule(env: OriginEnv): SchemeRule {
  return {
    appScheme: new URL(env.APP_URL).protocol.slice(0, -1),
    loopbackHttp: !env.isProduction,
  };
}

/**
 * CORS_ALLOWED_ORIGINS: origins allowed to call with credentials (Laravel's config/cors.php).
 * By default exactly the stateful origins. An entry whose host is `*` lets any origin call, never
 * with credentials.
 */
export function corsPolicy(
  env: Pick<Env, "CORS_ALLOWED_ORIGINS"> & OriginEnv,
  stateful: OriginPolicy,
): OriginPolicy {
  const configured = splitList(env.CORS_ALLOWED_ORIGINS);
  return configured
    ? originPolicy(configured, schemeRule(env), "CORS_ALLOWED_ORIGINS")
    : stateful;
}

/**
 * Sanctum's stateful domains: the origins whose requests may authenticate with the session
 * cookie. SANCTUM_STATEFUL_DOMAINS, or by default the origin of APP_URL (plus localhost,
 * 127.0.0.1 and [::1] on any port outside production); APP_URL's origin is always one.
 */
export function statefulPolicy(
  env: Pick<Env, "SANCTUM_STATEFUL_DOMAINS"> & OriginEnv,
): OriginPolicy {
  const own = new URL(env.APP_URL).origin;
  const configured = splitList(env.SANCTUM_STATEFUL_DOMAINS);
  const sources = configured ?? [
    own,
    ...(env.isProduction
      ? []
      : [
          "localhost",
          "localhost:*",
          "127.0.0.1",
          "127.0.0.1:*",
          "[::1]",
          "[::1]:*",
        ]),
  ];
  if (!sources.includes(own)) sources.push(own);
  return originPolicy(sources, schemeRule(env), "SANCTUM_STATEFUL_DOMAINS");
}

export function isStatefulOrigin(
  policy: OriginPolicy,
  origin: string,
): boolean {
  return matchesOrigin(policy, origin);
}

/**
 * Whether a request may use the session (decision record 006): decided by its Origin, else its Referer.
 * Without either, only a browser's own word that it is cross-site (Sec-Fetch-Site) makes it
 * stateless — direct navigations, links from mail and server-to-server calls keep the session.
 */
export function isStatefulRequest(
  policy: OriginPolicy,
  headers: Headers,
): boolean {
  const origin = headers.get("origin");
  if (origin && origin !== "null") return isStatefulOrigin(policy, origin);
  const referer = headers.get("referer");
  if (referer) return isStatefulOrigin(policy, referer);
  return headers.get("sec-fetch-site") !== "cross-site";
}
