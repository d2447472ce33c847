import "server-only";
import { eq } from "drizzle-orm";
import { passkeyChallenges, passkeys } from "@/db/schema";
import {
  type CredentialKind,
  ENDS_WITH_THE_SIGN_INS,
} from "@/lib/server/credential-ledger";

/**
 * Passkeys, in the credential ledger (decision record 082): the owner's own devices, so they
 * survive a reset and a deletion (a restored account signs in with them again), but not the
 * claim of an address whose registrant never proved it.
 */
const userPasskeys: CredentialKind = {
  name: "passkeys",
  stores: ["passkeys"],
  aliveCheck:
    "a passkey sign-in loads its user alive by the credential (lib/passkeys/endpoints/login.ts)",
  endsOn: { "address-claimed": "ends" },
  async end(tx, target) {
    const ended = await tx
      .delete(passkeys)
      .where(eq(passkeys.userId, target.userId))
      .returning({ id: passkeys.id });
    return ended.length;
  },
};

/** A registration ceremony under way for the account (five minutes at most, decision record 025). */
const registrations: CredentialKind = {
  name: "passkey-registrations",
  stores: ["passkey_challenges"],
  aliveCheck:
    "the registration is finished by a signed-in session of the account (lib/passkeys/endpoints/manage.ts)",
  endsOn: ENDS_WITH_THE_SIGN_INS,
  async end(tx, target) {
    const ended = await tx
      .delete(passkeyChallenges)
      .where(eq(passkeyChallenges.userId, target.userId))
      .returning({ id: passkeyChallenges.id });
    return ended.length;
  },
};

export const PASSKEY_CREDENTIALS: readonly CredentialKind[] = [
  userPasskeys,
  registrations,
];
