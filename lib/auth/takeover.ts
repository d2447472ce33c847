import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { passkeys, type User } from "@/db/schema";
import { flushTokens } from "@/lib/auth/tokens";
import { clearTwoFactor } from "@/lib/auth/two-factor/account";
import { deletePendingEmail } from "@/lib/users/pending-email";

type Executor = Pick<Db, "select" | "insert" | "update" | "delete">;

/** What taking an account back removed, for the activity log and the owner's mail. */
export type TakenBack = {
  passkeys: number;
  tokens: number;
  two_factor: boolean;
  pending_email: boolean;
};

/**
 * Takes back an account whose address was never proven, inside the transaction that proves the
 * mailbox (a reset through it, a provider vouching for it): whoever registered it may not own the
 * mailbox, so every way in they could have added goes — passkeys, tokens, the second factor, an
 * address change waiting for its link (decision record 028). The callers end the sessions.
 */
export async function removeUnprovenCredentials(
  tx: Executor,
  userClass: string,
  user: { id: number; twoFactorSecret: string | null },
  now: Date,
): Promise<TakenBack> {
  const removedPasskeys = await tx
    .delete(passkeys)
    .where(eq(passkeys.userId, user.id))
    .returning({ id: passkeys.id });
  const tokens = await flushTokens(tx, userClass, user.id);
  const twoFactor = user.twoFactorSecret !== null;
  if (twoFactor) await clearTwoFactor(tx, user.id, now);
  const pending = await deletePendingEmail(tx, userClass, user.id);
  return {
    passkeys: removedPasskeys.length,
    tokens,
    two_factor: twoFactor,
    pending_email: pending !== null,
  };
}

/** The account's row as it stands once its second factor was removed (for a caller that signs it in next). */
export const withoutSecondFactor = (user: User): User => ({
  ...user,
  twoFactorSecret: null,
  twoFactorRecoveryCodes: null,
  twoFactorConfirmedAt: null,
  twoFactorLastStep: null,
});
