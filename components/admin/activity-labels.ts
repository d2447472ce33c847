import type { BadgeTone } from "@/components/ui/badge";

/** The audit log's event names (lib/audit/activity.ts), as people read them, and their colour. */
export const ACTIVITY_EVENTS: Record<
  string,
  { label: string; tone: BadgeTone }
> = {
  login: { label: "Signed in", tone: "green" },
  "login-failed": { label: "Failed sign-in", tone: "red" },
  lockout: { label: "Locked out", tone: "red" },
  logout: { label: "Signed out", tone: "gray" },
  registered: { label: "Registered", tone: "indigo" },
  "password-reset": { label: "Password reset", tone: "amber" },
  "password-changed": { label: "Password changed", tone: "amber" },
  "email-verified": { label: "Email verified", tone: "green" },
  "account-claimed": { label: "Claimed through social login", tone: "amber" },
  "token-created": { label: "Token created", tone: "indigo" },
  "token-revoked": { label: "Token revoked", tone: "gray" },
  "token-rolled": { label: "Token rolled", tone: "indigo" },
  "token-refused": { label: "Token refused", tone: "red" },
  "token-expiry-notice": { label: "Token expiry notice sent", tone: "gray" },
  "token-revoked-unused": { label: "Unused token revoked", tone: "gray" },
  "tokens-flushed": { label: "All tokens revoked", tone: "gray" },
  "oauth-client-secret-rotated": {
    label: "OAuth client secret rotated",
    tone: "indigo",
  },
  "impersonation-started": { label: "Impersonation started", tone: "amber" },
  "impersonation-ended": { label: "Impersonation ended", tone: "amber" },
  "user-updated": { label: "Profile updated", tone: "gray" },
  "email-change-requested": { label: "Email change requested", tone: "amber" },
  "email-change-confirmed": { label: "Email changed", tone: "green" },
  "email-change-cancelled": { label: "Email change cancelled", tone: "gray" },
  "user-deleted": { label: "User deleted", tone: "red" },
  "user-restored": { label: "User restored", tone: "green" },
  "setting-changed": { label: "Setting changed", tone: "gray" },
  "account-deleted": { label: "Account deleted by its owner", tone: "red" },
  "account-purged": { label: "Account erased", tone: "red" },
  "webhook-created": { label: "Webhook added", tone: "indigo" },
  "webhook-deleted": { label: "Webhook removed", tone: "gray" },
  "two-factor-enabled": {
    label: "Two-factor authentication on",
    tone: "green",
  },
  "two-factor-disabled": {
    label: "Two-factor authentication off",
    tone: "amber",
  },
  "two-factor-reset": {
    label: "Two-factor authentication reset",
    tone: "amber",
  },
  "two-factor-challenge-passed": {
    label: "Two-factor code accepted",
    tone: "green",
  },
  "two-factor-challenge-failed": {
    label: "Invalid two-factor code",
    tone: "red",
  },
  "two-factor-recovery-code-used": {
    label: "Recovery code used",
    tone: "amber",
  },
  "two-factor-recovery-codes-regenerated": {
    label: "Recovery codes regenerated",
    tone: "gray",
  },
  "two-factor-lockout": { label: "Two-factor sign-in paused", tone: "red" },
  "password-confirmed": { label: "Password confirmed", tone: "gray" },
  "sessions-ended": { label: "Sessions ended", tone: "gray" },
  "passkey-registered": { label: "Passkey added", tone: "indigo" },
  "passkey-used": { label: "Passkey used", tone: "green" },
  "passkey-renamed": { label: "Passkey renamed", tone: "gray" },
  "passkey-deleted": { label: "Passkey deleted", tone: "gray" },
  "passkey-refused": { label: "Passkey refused", tone: "red" },
};
