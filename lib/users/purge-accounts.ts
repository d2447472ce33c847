import "server-only";
import { and, eq, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import {
  accountDeletions,
  activityLog,
  authenticationLog,
  passwordResetTokens,
  pendingUserEmails,
  personalAccessTokens,
  sessions,
  users,
  webhookDeliveries,
} from "@/db/schema";
import { recordActivity, USER_TYPE } from "@/lib/audit/activity";

const DAY_MS = 86_400_000;
// Accounts purged per run; the next run takes the rest.
const BATCH = 100;

/**
 * Erases, for good, the accounts their owners deleted more than `graceDays` ago and nobody
 * restored (decision record 021): the user row and everything keyed to it (sessions, tokens,
 * pending address, reset token, sign-in history), the activity log's entries about them and the webhook messages
 * that carried those entries. Entries they caused about someone else (an administrator's
 * actions) stay, without their name or address. Their photo is no longer anyone's avatar, so the
 * upload pruning removes it. One transaction per account; returns how many went.
 */
export async function purgeDeletedAccounts(
  db: Db,
  options: { graceDays: number; userClass: string },
  now: Date,
): Promise<number> {
  const due = await db
    .select({ id: users.id, email: users.email })
    .from(accountDeletions)
    .innerJoin(users, eq(users.id, accountDeletions.userId))
    .where(
      and(
        isNotNull(users.deletedAt),
        lt(
          users.deletedAt,
          new Date(now.getTime() - options.graceDays * DAY_MS),
        ),
      ),
    )
    .limit(BATCH);
  for (const user of due) {
    await db.transaction(async (tx) => {
      const about = and(
        eq(activityLog.subjectType, USER_TYPE),
        eq(activityLog.subjectId, user.id),
      );
      await tx
        .delete(webhookDeliveries)
        .where(
          inArray(
            webhookDeliveries.activityId,
            tx.select({ id: activityLog.id }).from(activityLog).where(about),
          ),
        );
      await tx.delete(activityLog).where(about);
      await tx
        .update(activityLog)
        .set({
          causerType: null,
          causerId: null,
          properties: sql`coalesce(${activityLog.properties}, '{}'::jsonb) - 'ip'`,
        })
        .where(
          and(
            eq(activityLog.causerType, USER_TYPE),
            eq(activityLog.causerId, user.id),
          ),
        );
      await tx
        .delete(sessions)
        .where(
          or(
            eq(sessions.userId, user.id),
            eq(sessions.impersonatorId, user.id),
          ),
        );
      await tx
        .delete(personalAccessTokens)
        .where(
          and(
            eq(personalAccessTokens.tokenableId, user.id),
            eq(personalAccessTokens.tokenableType, options.userClass),
          ),
        );
      await tx
        .delete(authenticationLog)
        .where(
          and(
            eq(authenticationLog.authenticatableId, user.id),
            eq(authenticationLog.authenticatableType, options.userClass),
          ),
        );
      await tx
        .delete(pendingUserEmails)
        .where(
          and(
            eq(pendingUserEmails.userId, user.id),
            eq(pendingUserEmails.userType, options.userClass),
          ),
        );
      await tx
        .delete(passwordResetTokens)
        .where(sql`lower(${passwordResetTokens.email}) = lower(${user.email})`);
      await tx.delete(users).where(eq(users.id, user.id));
      await tx
        .delete(accountDeletions)
        .where(eq(accountDeletions.userId, user.id));
      // The id alone: nothing left says who it was.
      await recordActivity(
        tx,
        { event: "account-purged", properties: { user_id: user.id } },
        now,
      );
    });
  }
  return due.length;
}
