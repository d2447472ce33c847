import "server-only";
import {
  isLoopbackHost,
  REDIRECT_URI_MESSAGES,
  selfRegisteredRedirectUriProblem,
} from "@/lib/policies/redirect-uri";
import type { Context } from "@/lib/server/context";
import { OAuthError } from "@/lib/oauth/errors";
import { parseScopes, registrableScopes } from "@/lib/oauth/scopes";
import { registeredScopeNames } from "@/lib/oauth/registered-resources";

// The rules for a client nobody made by hand: one that registers itself (decision records 052
// and 085) or one whose id is the URL of its metadata document (decision record 102).

/** RFC 7591 §3.2.2's error: `invalid_redirect_uri` or `invalid_client_metadata`, 400. */
export const metadataError = (
  error: "invalid_redirect_uri" | "invalid_client_metadata",
  description: string,
) => new OAuthError(error, description, 400);

/**
 * Laravel MCP's `redirect_domains` rule: "*" allows any; else a URI must start with one of the
 * listed prefixes (a trailing slash added, so "https://a.example" does not admit
 * "https://a.example.evil"); a loopback http URI on any port is allowed once a loopback entry
 * is listed (native and command-line clients listen on a port of their own, RFC 8252 §7.3).
 */
function permitted(uri: URL, raw: string, domains: readonly string[]) {
  if (domains.includes("*")) return true;
  const loopbackListed = domains.some((domain) =>
    isLoopbackHost(domain.replace(/^[a-z]+:\/\//i, "").replace(/\/+$/, "")),
  );
  if (
    loopbackListed &&
    uri.protocol === "http:" &&
    isLoopbackHost(uri.hostname)
  )
    return true;
  return domains.some((domain) =>
    raw.startsWith(domain.endsWith("/") ? domain : `${domain}/`),
  );
}

/** The redirect URIs of a client that registers itself or names its metadata document; throws invalid_redirect_uri. */
export function validRedirects(
  ctx: Pick<Context, "config">,
  uris: string[],
): string[] {
  const domains = ctx.config.oauth["redirect-domains"];
  for (const raw of uris) {
    const problem = selfRegisteredRedirectUriProblem(raw);
    if (problem !== null)
      throw metadataError(
        "invalid_redirect_uri",
        REDIRECT_URI_MESSAGES[problem].replace(":uri", raw),
      );
    if (!permitted(new URL(raw), raw, domains))
      throw metadataError(
        "invalid_redirect_uri",
        `The redirect URI ${raw} is not a permitted redirect domain.`,
      );
  }
  return uris;
}

/**
 * The scopes a client is registered with: what it asked that may be registered, the rest dropped
 * (RFC 7591 §2: the server may replace a requested value, and the answer says what was granted);
 * asked for none of them, or nothing, every registrable scope, as an MCP client's default asks.
 * The scopes of a registered resource that allows any client may be registered too, when asked:
 * an MCP client asks what its server's metadata lists (decision record 101).
 */
export async function grantedScopes(
  ctx: Pick<Context, "config" | "db">,
  requested: string | undefined,
): Promise<string[]> {
  const registrable = registrableScopes(ctx.config);
  const open = await registeredScopeNames(ctx.db, true);
  const kept = parseScopes(requested).filter(
    (scope) => registrable.includes(scope) || open.includes(scope),
  );
  return kept.length > 0 ? kept : registrable;
}
