import "server-only";
import { activityLog } from "@/db/schema";
import type { Db } from "@/db/client";
import { countActivity } from "@/lib/observability/activity-metrics";
import { currentScope } from "@/lib/observability/request-scope";

/** Everything the activity page lists and webhooks can deliver (sign-ins, lockouts, tokens, impersonation…). */
export const ACTIVITY_EVENT_NAMES = [
  "login",
  "login-failed",
  "lockout",
  "logout",
  "registered",
  "password-reset",
  "password-changed",
  "email-verified",
  "account-claimed",
  "token-created",
  "token-revoked",
  "token-rolled",
  "token-refused",
  "token-expiry-notice",
  "token-revoked-unused",
  "tokens-flushed",
  "impersonation-started",
  "impersonation-ended",
  "user-updated",
  "email-change-requested",
  "email-change-confirmed",
  "email-change-cancelled",
  "user-deleted",
  "user-restored",
  "setting-changed",
  "account-deleted",
  "account-purged",
  "webhook-created",
  "webhook-deleted",
  "two-factor-enabled",
  "two-factor-disabled",
  "two-factor-reset",
  "two-factor-challenge-passed",
  "two-factor-challenge-failed",
  "two-factor-recovery-code-used",
  "two-factor-recovery-codes-regenerated",
  "two-factor-lockout",
  "password-confirmed",
  "sessions-ended",
  "passkey-registered",
  "passkey-used",
  "passkey-renamed",
  "passkey-deleted",
  "passkey-refused",
  "oauth-client-secret-rotated",
  "oauth-resource-created",
  "oauth-resource-updated",
  "oauth-resource-deleted",
  "team-created",
  "team-deleted",
  "team-member-invited",
  "team-member-added",
  "team-member-updated",
  "team-member-removed",
  "team-invitation-cancelled",
  "team-ownership-transferred",
] as const;

export type ActivityEvent = (typeof ACTIVITY_EVENT_NAMES)[number];

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
export async function recordActivity(
  db: Pick<Db, "insert">,
  entry: ActivityEntry,
  now: Date,
): Promise<void> {
  await activityStatement(db, entry, now);
}

/** The statement behind `recordActivity` (for a caller that folds it into another write). */
export function activityStatement(
  db: Pick<Db, "insert">,
  entry: ActivityEntry,
  now: Date,
) {
  countActivity(entry.event);
  // While an administrator acts as the subject, they are the one doing it (decision record 028).
  const context = currentScope()?.context;
  const causerId = entry.causerId ?? context?.impersonatorId ?? null;
  // Which client called, when an OAuth access token authenticated the request (decision record 051).
  const oauthClientId = context?.auth?.oauthToken?.clientId;
  return db.insert(activityLog).values({
    logName: "auth",
    description: entry.event,
    event: entry.event,
    subjectType: entry.subjectId ? USER_TYPE : null,
    subjectId: entry.subjectId ?? null,
    causerType: causerId ? USER_TYPE : null,
    causerId,
    properties: {
      ip: entry.ip ?? null,
      ...(oauthClientId ? { oauth_client_id: oauthClientId } : {}),
      ...entry.properties,
    },
    createdAt: now,
    updatedAt: now,
  });
}
