/**
 * The eighteen actions of SPEC.md §4, in its order. Everything keyed by action
 * (URIs, names, middleware, redirects, endpoints) is keyed by these names.
 */
export const ACTION_NAMES = [
  "login",
  "register",
  "logout",
  "get-auth",
  "forgot-password",
  "reset-password",
  "update-password",
  "email-verification-notification",
  "verification-verify",
  "create-token",
  "tokens",
  "revoke-token",
  "flush-tokens",
  "socialite-redirect",
  "socialite-callback",
  "impersonate",
  "impersonate-token",
  "revert-impersonate",
] as const;

export type ActionName = (typeof ACTION_NAMES)[number];

export type ActionMap<T> = Record<ActionName, T>;
