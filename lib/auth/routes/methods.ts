import type { ActionMap } from "@/lib/auth/actions";
import { type RouteAbility, SESSION_ONLY } from "@/lib/auth/token-abilities";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type ActionRoute = { method: HttpMethod; ability: RouteAbility };

/**
 * SPEC.md §4, one declaration per action: its method, and what a bearer token needs to call it
 * (lib/auth/token-abilities.ts; README "Token abilities"). Fixed: only URIs, names, middleware and
 * redirects are configuration, so overriding a route's middleware never drops its ability.
 */
export const ACTION_ROUTES: ActionMap<ActionRoute> = {
  login: { method: "POST", ability: null },
  register: { method: "POST", ability: null },
  // A bearer token signs out by revoking itself.
  logout: { method: "POST", ability: "tokens:write" },
  "get-auth": { method: "GET", ability: null },
  "forgot-password": { method: "POST", ability: null },
  "reset-password": { method: "POST", ability: null },
  "update-password": { method: "POST", ability: SESSION_ONLY },
  "email-verification-notification": { method: "POST", ability: "user:write" },
  // SPEC.md §4 rule 5: the signed link needs a session (its guard is `auth:web`).
  "verification-verify": { method: "GET", ability: SESSION_ONLY },
  // Signs in with email and password, never with the caller's token.
  "create-token": { method: "POST", ability: null },
  // Lists the caller's tokens: a read.
  tokens: { method: "POST", ability: null },
  "revoke-token": { method: "POST", ability: "tokens:write" },
  "flush-tokens": { method: "POST", ability: "tokens:write" },
  "socialite-redirect": { method: "GET", ability: null },
  "socialite-callback": { method: "GET", ability: null },
  // SPEC.md §5 rule 5: impersonation needs a session.
  impersonate: { method: "POST", ability: SESSION_ONLY },
  "impersonate-token": { method: "GET", ability: SESSION_ONLY },
  // SPEC.md §9: since 6.1 only POST; a GET answers 405.
  "revert-impersonate": { method: "POST", ability: SESSION_ONLY },
};

/** The method of each action. */
export const ACTION_METHODS = Object.fromEntries(Object.entries(ACTION_ROUTES).map(([action, route]) => [action, route.method])) as ActionMap<HttpMethod>;
