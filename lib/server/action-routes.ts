import type { ActionMap } from "@/lib/config/auth-actions";
import { type RouteAbility, SESSION_ONLY } from "@/lib/server/token-abilities";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type ActionRoute = { method: HttpMethod; ability: RouteAbility };

/**
 * SPEC.md §4, one declaration per action: its method, and what a bearer token needs to call it
 * (lib/server/token-abilities.ts; README "Token abilities"). Fixed: only URIs, names, middleware and
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
  // Decision records 023–024 (Laravel Fortify's routes): a guest's challenge, then what only a
  // signed-in session can do (a token neither enrols nor confirms a password, and never sees the
  // secret or the recovery codes); any token may read the step-up's status and the sessions.
  "two-factor-challenge": { method: "POST", ability: null },
  "two-factor-enable": { method: "POST", ability: SESSION_ONLY },
  "two-factor-confirm": { method: "POST", ability: SESSION_ONLY },
  "two-factor-disable": { method: "DELETE", ability: SESSION_ONLY },
  "two-factor-qr-code": { method: "GET", ability: SESSION_ONLY },
  "two-factor-secret-key": { method: "GET", ability: SESSION_ONLY },
  "two-factor-recovery-codes": { method: "GET", ability: SESSION_ONLY },
  "two-factor-regenerate-recovery-codes": { method: "POST", ability: SESSION_ONLY },
  "confirm-password": { method: "POST", ability: SESSION_ONLY },
  "confirmed-password-status": { method: "GET", ability: null },
  sessions: { method: "GET", ability: null },
  "session-destroy": { method: "DELETE", ability: SESSION_ONLY },
  "other-browser-sessions": { method: "DELETE", ability: SESSION_ONLY },
  // Decision record 025: a ceremony's challenge is bound to a session, so no token takes part;
  // any token may read the list.
  "passkey-login-options": { method: "GET", ability: null },
  "passkey-login": { method: "POST", ability: null },
  "passkey-confirm-options": { method: "GET", ability: SESSION_ONLY },
  "passkey-confirm": { method: "POST", ability: SESSION_ONLY },
  "passkey-registration-options": { method: "GET", ability: SESSION_ONLY },
  passkeys: { method: "GET", ability: null },
  "passkey-store": { method: "POST", ability: SESSION_ONLY },
  "passkey-update": { method: "PUT", ability: SESSION_ONLY },
  "passkey-destroy": { method: "DELETE", ability: SESSION_ONLY },
};

/** The method of each action. */
export const ACTION_METHODS = Object.fromEntries(Object.entries(ACTION_ROUTES).map(([action, route]) => [action, route.method])) as ActionMap<HttpMethod>;
