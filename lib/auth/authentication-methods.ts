import type { StoredCredential } from "@/db/schema";
import type { PendingMethod } from "@/lib/auth/two-factor/pending";

// RFC 8176's Authentication Method Reference values for each way into an account, written into
// the session at sign-in (its `amr`, decision record 086) and read by OpenID's ID token.

/**
 * What a first factor proves: a password is `pwd`; a link or code mailed for one sign-in is a
 * one-time password (`otp`, decision record 088); a social provider's own proof has no value.
 */
export function firstFactorMethods(method: PendingMethod): string[] {
  if (method === "password") return ["pwd"];
  return method === "email-link" ? ["otp"] : [];
}

/** A first factor followed by a TOTP or a recovery code (both one-time codes): two factors. */
export function withSecondFactor(method: PendingMethod): string[] {
  return [...new Set([...firstFactorMethods(method), "otp", "mfa"])];
}

/**
 * A passkey: a key on the device (`hwk`), or synced between devices (`swk`: backup eligible), with
 * the user verified — presence and a PIN or biometric — so both factors (decision record 026).
 */
export function passkeyMethods(credential: StoredCredential): string[] {
  return [credential.backupEligible ? "swk" : "hwk", "user", "mfa"];
}
