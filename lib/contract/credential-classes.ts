/**
 * What an action does to the ways into an account, declared once on every row of the route tables
 * (`AUTH_ACTIONS`, `HOST_ROUTES`). The rules of each class are applied by the pipeline around
 * the row's own middleware (lib/server/pipeline.ts), so neither an endpoint nor a configured
 * middleware list can leave one out; test/unit/credential-classes.test.ts walks every row.
 * Why each class has its rules: decision record 028; docs/api.md "Sensitive actions".
 */
export type CredentialRules = {
  /** A recent confirmation of this session (password or passkey) first, else 423 (`password.confirm`). */
  stepUp: boolean;
  /** A bearer token alone is refused (403): the proof above belongs to a session. */
  sessionOnly: boolean;
  /** Refused (403) while an administrator acts as the account, whatever the route's guard. */
  refusedWhileImpersonating: boolean;
  /** With `must-verify-email`, an account whose address is not proven may not (403). */
  needsProvenAddress: boolean;
  /** What the owner is mailed once it succeeded (lib/mail/templates/credential-notice.ts); null: nothing. */
  notice: "added" | "removed" | "changed" | null;
};

const NOTHING: CredentialRules = {
  stepUp: false,
  sessionOnly: false,
  refusedWhileImpersonating: false,
  needsProvenAddress: false,
  notice: null,
};

export const CREDENTIAL_CLASSES = {
  /** Touches no way into the account (reads, sign-in itself, the profile's name and photo). */
  none: NOTHING,
  /** A new way in from a signed-in browser: a passkey, a second factor, new recovery codes. */
  adds: {
    stepUp: true,
    sessionOnly: true,
    refusedWhileImpersonating: true,
    needsProvenAddress: true,
    notice: "added",
  },
  /** A new way in whose request carries the account's email and password (create-token, docs/contract.md's credentials). */
  "adds-with-password": {
    ...NOTHING,
    refusedWhileImpersonating: true,
    notice: "added",
  },
  /** Shows a secret or the account's data: the TOTP secret, the recovery codes, "download my data". */
  reveals: {
    stepUp: true,
    sessionOnly: true,
    refusedWhileImpersonating: true,
    needsProvenAddress: false,
    notice: null,
  },
  /** Takes a way in away or signs a device out: the second factor off, a passkey deleted, sessions ended. */
  removes: {
    stepUp: true,
    sessionOnly: true,
    refusedWhileImpersonating: true,
    needsProvenAddress: false,
    notice: "removed",
  },
  /** Changes the password, or closes the account, with the current password in the request itself. */
  "changes-with-password": {
    ...NOTHING,
    sessionOnly: true,
    refusedWhileImpersonating: true,
    notice: "changed",
  },
  /**
   * Changes a way in the account already has: an OAuth client's redirect URIs, grants or scopes
   * (a new redirect URI would receive the codes of every user who approved the app; decision
   * record 082).
   */
  changes: {
    stepUp: true,
    sessionOnly: true,
    refusedWhileImpersonating: true,
    needsProvenAddress: true,
    notice: "changed",
  },
  /**
   * Replaces a token's secret with a new one (roll-token): a session confirms first, a token with
   * `tokens:write` may roll itself (an integration rotating its own key); the owner is told.
   */
  rotates: {
    ...NOTHING,
    stepUp: true,
    refusedWhileImpersonating: true,
    notice: "added",
  },
  /**
   * Lets an app act for the account (OAuth consent, device login): never an administrator acting as
   * the owner (its refresh token would outlive the impersonation), never before the address is
   * proven (nothing is added to an account before its owner is: decision record 082); the owner is
   * told. A scope that could change credentials asks for the step-up inside the endpoint
   * (decision record 050).
   */
  "authorizes-app": {
    ...NOTHING,
    refusedWhileImpersonating: true,
    needsProvenAddress: true,
    notice: "added",
  },
  /** Revokes tokens: docs/contract.md lets a token with `tokens:write` do it (a token signs out by revoking itself). */
  "revokes-tokens": { ...NOTHING, refusedWhileImpersonating: true },
  /**
   * Mails the account's own reset link from its session, for an account the step-up has nothing to
   * confirm with (decision record 111): the mailbox is the proof, so no step-up; the owner's alone.
   */
  "mails-recovery": {
    ...NOTHING,
    sessionOnly: true,
    refusedWhileImpersonating: true,
  },
  /** A new password through the mailbox: the endpoint ends every session and token (decision record 028). */
  recovers: NOTHING,
  /** An administrator's action (users, settings, mail, webhooks, impersonation): never from inside an impersonation. */
  administers: { ...NOTHING, refusedWhileImpersonating: true },
} as const satisfies Record<string, CredentialRules>;

export type CredentialClass = keyof typeof CREDENTIAL_CLASSES;

export const CREDENTIAL_CLASS_NAMES = Object.keys(
  CREDENTIAL_CLASSES,
) as CredentialClass[];
