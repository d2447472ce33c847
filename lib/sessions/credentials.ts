import "server-only";
import {
  type CredentialKind,
  ENDS_WITH_THE_SIGN_INS,
} from "@/lib/server/credential-ledger";
import { deleteUserSessions } from "@/lib/server/session-store";

/**
 * The account's browser sessions, in the credential ledger (decision record 082). A password
 * change keeps the session it was made from (contract §3 Session).
 */
const browserSessions: CredentialKind = {
  name: "browser-sessions",
  stores: ["sessions"],
  aliveCheck:
    "the session guard loads the session's user, not deleted, with the session in one statement (lib/server/session-store.ts)",
  endsOn: ENDS_WITH_THE_SIGN_INS,
  end: (tx, target) =>
    deleteUserSessions(tx, target.userId, target.keepSessionId),
};

export const SESSION_CREDENTIALS: readonly CredentialKind[] = [browserSessions];
