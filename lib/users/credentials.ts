import "server-only";
import type { CredentialKind } from "@/lib/server/credential-ledger";
import { deletePendingEmail } from "@/lib/users/pending-email";

/**
 * A new address waiting for its link (decision record 012), in the credential ledger (decision
 * record 082): once followed it becomes the account's address, and so its way to a reset. It
 * goes when the password was reset (whoever held the old one may have asked for it) and with
 * the account.
 */
const pendingEmailChange: CredentialKind = {
  name: "pending-email-changes",
  stores: ["pending_user_emails"],
  aliveCheck:
    "the link loads its account alive before it changes the address (lib/users/email-change.ts)",
  endsOn: {
    "password-reset": "ends",
    "address-claimed": "ends",
    "account-deleted": "ends",
    "admin-deleted": "ends",
  },
  async end(tx, target) {
    const ended = await deletePendingEmail(tx, target.userClass, target.userId);
    return ended === null ? 0 : 1;
  },
};

export const USER_CREDENTIALS: readonly CredentialKind[] = [pendingEmailChange];
