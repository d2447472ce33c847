import "server-only";
import type { Db } from "@/db/client";
import { type ActivityEntry, recordActivity } from "@/lib/audit/activity";
import { deleteImpersonationsBy } from "@/lib/server/session-store";

/** Why an impersonation ended without a revert (the `reason` of its `impersonation-ended` entry). */
export type ImpersonationEnd =
  | "expired"
  | "original-gone"
  | "password-changed"
  | "impersonation-disabled"
  | "not-allowed"
  | "invalid-token"
  | "logout";

/** The audit entry of an impersonation that ended without returning to the requester. */
export function endedEntry(
  ip: string,
  subjectId: number,
  causerId: number | null,
  reason: ImpersonationEnd,
): ActivityEntry {
  return {
    event: "impersonation-ended",
    subjectId,
    causerId,
    ip,
    properties: { reverted: false, reason },
  };
}

/**
 * Ends, at once, every impersonation `requesterId` started (their password changed, their
 * account was deleted), each recorded like any other end. Runs in the caller's transaction;
 * answers how many ended.
 */
export async function endImpersonationsBy(
  db: Pick<Db, "delete" | "insert">,
  requesterId: number,
  reason: ImpersonationEnd,
  at: { ip: string; now: Date },
): Promise<number> {
  const subjects = await deleteImpersonationsBy(db, requesterId);
  for (const subjectId of subjects)
    await recordActivity(
      db,
      endedEntry(at.ip, subjectId, requesterId, reason),
      at.now,
    );
  return subjects.length;
}
