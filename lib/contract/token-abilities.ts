/**
 * What a bearer token needs to call a route (Sanctum's `tokenCan`, decision record 011). Every
 * route declares it once, beside its method: `AUTH_ACTIONS` (lib/contract/auth-actions.ts) for the
 * auth actions, `HostRoute.ability` for the host routes. Sessions are never limited by
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
