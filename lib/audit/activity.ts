import "server-only";
import { activityLog } from "@/db/schema";
import type { Db } from "@/db/client";

/** Everything the activity page lists (issue: sign-ins, lockouts, tokens, impersonation…). */
export type ActivityEvent =
  | "login"
  | "login-failed"
  | "lockout"
  | "logout"
  | "registered"
  | "password-reset"
  | "password-changed"
  | "email-verified"
  | "account-claimed"
  | "token-created"
  | "token-revoked"
  | "tokens-flushed"
  | "impersonation-started"
  | "impersonation-ended"
  | "user-updated"
  | "email-change-requested"
  | "email-change-confirmed"
  | "email-change-cancelled"
  | "user-deleted"
  | "user-restored"
  | "setting-changed";

export type ActivityEntry = {
  event: ActivityEvent;
  /** The user the event is about. */
  subjectId?: number | null;
  /** Who did it, when not the subject (an administrator). */
  causerId?: number | null;
  ip?: string;
  properties?: Record<string, unknown>;
};

/** `subject_type` and `causer_type` of entries about users (spatie stores the model class). */
export const USER_TYPE = "App\\Models\\User";

/** Appends one entry to the audit trail (spatie/laravel-activitylog's table). */
export async function recordActivity(db: Pick<Db, "insert">, entry: ActivityEntry, now: Date): Promise<void> {
  await activityStatement(db, entry, now);
}

/** The statement behind `recordActivity` (for a caller that folds it into another write). */
export function activityStatement(db: Pick<Db, "insert">, entry: ActivityEntry, now: Date) {
  return db.insert(activityLog).values({
    logName: "auth",
    description: entry.event,
    event: entry.event,
    subjectType: entry.subjectId ? USER_TYPE : null,
    subjectId: entry.subjectId ?? null,
    causerType: entry.causerId ? USER_TYPE : null,
    causerId: entry.causerId ?? null,
    properties: { ip: entry.ip ?? null, ...entry.properties },
    createdAt: now,
    updatedAt: now,
  });
}
