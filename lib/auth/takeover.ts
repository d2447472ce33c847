import "server-only";
import type { User } from "@/db/schema";
import type { Ended } from "@/lib/server/credential-ledger";

/** What taking an account back removed, for the activity log and the owner's mail. */
export type TakenBack = {
  passkeys: number;
  tokens: number;
  two_factor: boolean;
  pending_email: boolean;
};

/**
 * What the claim of an address by its mailbox's owner took back (the ledger's `address-claimed`,
 * decision records 028 and 082): whoever registered it may not own the mailbox, so every way in
 * they could have added went, in the transaction that proved the mailbox.
 */
export const takenBack = (ended: Ended): TakenBack => ({
  passkeys: ended.passkeys ?? 0,
  tokens: ended["sanctum-tokens"] ?? 0,
  two_factor: (ended["two-factor"] ?? 0) > 0,
  pending_email: (ended["pending-email-changes"] ?? 0) > 0,
});

/** The account's row as it stands once its second factor was removed (for a caller that signs it in next). */
export const withoutSecondFactor = (user: User): User => ({
  ...user,
  twoFactorSecret: null,
  twoFactorRecoveryCodes: null,
  twoFactorConfirmedAt: null,
  twoFactorLastStep: null,
});
