import { parseAbilities } from "@/lib/auth/tokens";
import type { AuthConfig } from "@/lib/config/auth";
import { TOKEN_ABILITIES } from "@/lib/contract/token-abilities";

/**
 * The scopes this server grants: the product's token abilities (docs/tokens.md "Token abilities",
 * decision record 011) — an access token's scopes are checked exactly as a personal access
 * token's abilities — plus OpenID Connect's. `*` is Passport's "every scope".
 */
export const SCOPES: Readonly<Record<string, string>> = {
  "*": "Everything your account can do",
  ...(Object.fromEntries(
    TOKEN_ABILITIES.map((ability) => [
      ability,
      {
        "user:write": "Change your profile",
        "tokens:write": "Create and revoke your API tokens",
        admin: "Administer users (administrators only)",
      }[ability],
    ]),
  ) as Record<string, string>),
  "sessions:read": "See where you are signed in",
  "tokens:read": "See your API tokens and the apps you allowed",
  openid: "Sign you in (OpenID Connect)",
  profile: "Read your name",
  email: "Read your email address",
  // Decision record 106: the team you work in, as a claim (lib/oauth/org-claim.ts).
  org: "Know which team you work in, and your role in it",
};

/**
 * Scopes that hand a client the account's credentials or its administration: consenting to one
 * needs a recent password confirmation, as the routes they open do (decision record 024).
 */
export const STEP_UP_SCOPES: readonly string[] = ["*", "tokens:write", "admin"];

/** A `scope` parameter as league reads it: space-delimited, empty entries dropped. */
export function parseScopes(value: unknown): string[] {
  if (typeof value !== "string") return [];
  return [...new Set(value.split(" ").filter((scope) => scope !== ""))];
}

/**
 * The first requested scope that is unknown, or outside the client's list (null: every scope), or
 * null. `resourceScopes`, the scopes of the registered resources the request names, are known and
 * open to the client, since the resource allowed it (decision record 101).
 */
export function refusedScope(
  requested: readonly string[],
  allowed: readonly string[] | null,
  resourceScopes: readonly string[] = [],
): string | null {
  return (
    requested.find(
      (scope) =>
        !resourceScopes.includes(scope) &&
        (!Object.hasOwn(SCOPES, scope) ||
          (allowed !== null && !allowed.includes(scope))),
    ) ?? null
  );
}

/** Passport's JSON array of scope ids in the `scopes` columns, read as Sanctum's abilities are. */
export const readScopes = parseAbilities;

/**
 * What a client that registers itself may ask for (`oauth.registration-scopes`, the ones this
 * server knows): given at registration, trimmed to at registration (decision record 085), and the
 * protected-resource metadata's `scopes_supported`, which MCP clients ask for in full.
 */
export const registrableScopes = (config: AuthConfig): string[] =>
  config.oauth["registration-scopes"].filter((scope) =>
    Object.hasOwn(SCOPES, scope),
  );
