/**
 * What a bearer token needs to call a route (Sanctum's `tokenCan`, decision record 011). Every
 * route declares it once, beside its method: `ACTION_ROUTES` (lib/server/action-routes.ts) for the
 * actions of SPEC.md §4, `HostRoute.ability` for the host routes. Sessions are never limited by
 * it; any valid token may read.
 */
export const TOKEN_ABILITIES = ["user:write", "tokens:write", "admin"] as const;

export type TokenAbility = (typeof TOKEN_ABILITIES)[number];

/** Declared by a route that no token may call, whatever its abilities: it needs a signed-in session. */
export const SESSION_ONLY = "session";

/**
 * - `null`: any valid token (the route only reads, or a token does not sign into it: guest
 *   routes, create-token);
 * - an ability: a token passes with it or with `*`;
 * - `SESSION_ONLY`: no token passes (changing the password, impersonation, the verification link).
 */
export type RouteAbility = TokenAbility | typeof SESSION_ONLY | null;

/** What a route declares a bearer token needs, checked right after its guard (decision record 011). */
export type TokenAccess = {
  ability: RouteAbility;
  /** Fields that only a session may send (a token sending one gets 403): e.g. `email`. */
  sessionOnlyFields?: readonly string[];
};

/** The registry's name of the step that checks a route's TokenAccess (registered by lib/auth). */
export const TOKEN_ACCESS = "token-ability";
