import type { BadgeTone } from "@/components/ui/badge";

/** The audit log's event names (lib/audit/activity.ts), as people read them, and their colour. */
export const ACTIVITY_EVENTS: Record<string, { label: string; tone: BadgeTone }> = {
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
  "tokens-flushed": { label: "All tokens revoked", tone: "gray" },
  "impersonation-started": { label: "Impersonation started", tone: "amber" },
  "impersonation-ended": { label: "Impersonation ended", tone: "amber" },
  "user-updated": { label: "Profile updated", tone: "gray" },
  "email-change-requested": { label: "Email change requested", tone: "amber" },
  "email-change-confirmed": { label: "Email changed", tone: "green" },
  "email-change-cancelled": { label: "Email change cancelled", tone: "gray" },
  "user-deleted": { label: "User deleted", tone: "red" },
  "user-restored": { label: "User restored", tone: "green" },
  "setting-changed": { label: "Setting changed", tone: "gray" },
};
