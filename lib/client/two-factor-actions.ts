/**
 * The route-manifest names of the second factor's, the step-up's and the session list's routes
 * (Fortify's contract; their URIs are configuration, so screens name the action, never the path).
 */
export const TWO_FACTOR_ACTIONS = {
  challenge: "two-factor-challenge",
  enable: "two-factor-enable",
  disable: "two-factor-disable",
  qrCode: "two-factor-qr-code",
  secretKey: "two-factor-secret-key",
  confirm: "two-factor-confirm",
  recoveryCodes: "two-factor-recovery-codes",
  regenerateRecoveryCodes: "two-factor-regenerate-recovery-codes",
  confirmPassword: "confirm-password",
  confirmedPasswordStatus: "confirmed-password-status",
  sessions: "sessions",
  endSession: "session-destroy",
  endOtherSessions: "other-browser-sessions",
} as const;
