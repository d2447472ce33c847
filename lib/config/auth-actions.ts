/**
 * The eighteen actions of SPEC.md §4, in its order, then Laravel Fortify's second factor,
 * password confirmation and the browser sessions (decision records 023–024), then the passkeys
 * (laravel/passkeys-server's routes, decision record 025). Everything keyed by action (URIs, names,
 * middleware, redirects, endpoints) is keyed by these names. A fixed URI comes before a template
 * that would match it.
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
  "two-factor-challenge",
  "two-factor-enable",
  "two-factor-confirm",
  "two-factor-disable",
  "two-factor-qr-code",
  "two-factor-secret-key",
  "two-factor-recovery-codes",
  "two-factor-regenerate-recovery-codes",
  "confirm-password",
  "confirmed-password-status",
  "sessions",
  "session-destroy",
  "other-browser-sessions",
  "passkey-login-options",
  "passkey-login",
  "passkey-confirm-options",
  "passkey-confirm",
  "passkey-registration-options",
  "passkeys",
  "passkey-store",
  "passkey-update",
  "passkey-destroy",
] as const;

export type ActionName = (typeof ACTION_NAMES)[number];

export type ActionMap<T> = Record<ActionName, T>;
