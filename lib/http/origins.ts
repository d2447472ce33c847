import { ConfigError } from "@/lib/config/errors";

/**
 * Lists of origin patterns (SANCTUM_STATEFUL_DOMAINS, CORS_ALLOWED_ORIGINS), compared whole:
 * scheme, host and port (decision record 006). An entry is `scheme://host[:port]` or, as
 * Sanctum writes them, `host[:port]`; `*` is a wildcard (`*.example.com`, `localhost:*`).
 */
type OriginPattern = {
  schemes: readonly string[];
  host: RegExp;
  anyHost: boolean;
};
export type OriginPolicy = { patterns: OriginPattern[]; sources: string[] };

/**
 * Which scheme an entry without one means: the scheme of APP_URL, and for a loopback host in
 * development also http (a SPA's dev server next to an https APP_URL).
 */
export type SchemeRule = { appScheme: string; loopbackHttp: boolean };

const DEFAULT_PORTS: Record<string, string> = { http: "80", https: "443" };
const ENTRY =
  /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\[[^\]/]*\]|[^:/[\]?#@\s]+)(?::([0-9]+|\*))?\/?$/;
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

const wildcard = (text: string) =>
  text.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*");

/** Compiles one entry; a value that is not an origin pattern stops the start, naming `key`. */
function compile(source: string, rule: SchemeRule, key: string): OriginPattern {
  const entry = source.trim().toLowerCase();
  const parts = ENTRY.exec(entry);
  const scheme = parts?.[1];
  if (!parts || (scheme && !(scheme in DEFAULT_PORTS))) {
    throw new ConfigError(
      key,
      `"${source}" is not an origin pattern (http[s]://host[:port] or host[:port])`,
    );
  }
  const host = parts[2] ?? "";
  // An explicit default port is the same origin as none: https://app:443 is https://app.
  const port =
    parts[3] && !(scheme && DEFAULT_PORTS[scheme] === parts[3])
      ? parts[3]
      : undefined;
  const schemes = scheme
    ? [scheme]
    : rule.loopbackHttp && LOOPBACK_HOSTS.has(host)
      ? [...new Set([rule.appScheme, "http"])]
      : [rule.appScheme];
  return {
    schemes,
    host: new RegExp(`^${wildcard(port ? `${host}:${port}` : host)}$`),
    anyHost: host === "*",
  };
}

export const splitList = (value: string | undefined) =>
  value
    ?.split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);

export function originPolicy(
  sources: string[],
  rule: SchemeRule,
  key: string,
): OriginPolicy {
  return {
    patterns: sources.map((source) => compile(source, rule, key)),
    sources,
  };
}

/** The scheme and the two spellings of host and port of an Origin or Referer value (null: not an http(s) URL). */
function originParts(
  value: string,
): { scheme: string; hosts: string[] } | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const scheme = url.protocol.slice(0, -1);
  const defaultPort = DEFAULT_PORTS[scheme];
  if (!defaultPort) return null;
  // `app` and `app:443` are one origin under https; a pattern may name either.
  return {
    scheme,
    hosts: [url.host, `${url.hostname}:${url.port || defaultPort}`],
  };
}

function matching(policy: OriginPolicy, origin: string): OriginPattern[] {
  const parts = originParts(origin);
  if (!parts) return [];
  return policy.patterns.filter(
    (pattern) =>
      pattern.schemes.includes(parts.scheme) &&
      parts.hosts.some((host) => pattern.host.test(host)),
  );
}

/** Does any entry of the list name this origin (scheme, host and port)? */
export function matchesOrigin(policy: OriginPolicy, origin: string): boolean {
  return matching(policy, origin).length > 0;
}

/** Is this origin named by an entry that may carry credentials? An entry whose host is `*` never does. */
export function namesOriginForCredentials(
  policy: OriginPolicy,
  origin: string,
): boolean {
  return matching(policy, origin).some((pattern) => !pattern.anyHost);
}
