import "server-only";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import {
  accountDeletions,
  personalAccessTokens,
  type User,
  users,
} from "@/db/schema";
import { recordActivity } from "@/lib/audit/activity";
import type { Context } from "@/lib/server/context";
import { deleteUserSessions } from "@/lib/server/session-store";
import { endImpersonationsBy } from "@/lib/audit/impersonation-end";

/**
 * Soft-deletes a user (Laravel's SoftDeletes): the row stays, the guard refuses its sessions and
 * tokens. Sessions and tokens also end for good, so a later restore revives neither an old browser
 * nor an integration's token (decision record 028): the owner signs in again and makes new ones.
 * False if already deleted. `actor` is null for the command line.
 */
export async function softDeleteUser(
  ctx: Pick<Context, "db" | "now" | "ip"> & { userClass: string },
  actor: Pick<User, "id"> | null,
  target: Pick<User, "id">,
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [deleted] = await tx
      .update(users)
      .set({ deletedAt: ctx.now, updatedAt: ctx.now })
      .where(and(eq(users.id, target.id), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (!deleted) return false;
    await deleteUserSessions(tx, target.id);
    const tokens = await tx
      .delete(personalAccessTokens)
      .where(
        and(
          eq(personalAccessTokens.tokenableType, ctx.userClass),
          eq(personalAccessTokens.tokenableId, target.id),
        ),
      )
      .returning({ id: personalAccessTokens.id });
    await endImpersonationsBy(tx, target.id, "original-gone", ctx);
    await recordActivity(
      tx,
      {
        event: "user-deleted",
        subjectId: target.id,
        causerId: actor?.id ?? null,
        ip: ctx.ip,
        properties: { tokens: tokens.length },
      },
      ctx.now,
    );
    return true;
  });
}

/** Brings a soft-deleted user back. False if they were not deleted (nothing to do). */
export async function restoreUser(
  ctx: Context,
  actor: User,
  target: User,
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [restored] = await tx
      .update(users)
      .set({ deletedAt: null, updatedAt: ctx.now })
      .where(and(eq(users.id, target.id), isNotNull(users.deletedAt)))
      .returning({ id: users.id });
    if (!restored) return false;
    // An account its owner deleted is no longer due to be purged (decision record 021).
    await tx
      .delete(accountDeletions)
      .where(eq(accountDeletions.userId, target.id));
    await recordActivity(
      tx,
      {
        event: "user-restored",
        subjectId: target.id,
        causerId: actor.id,
        ip: ctx.ip,
      },
      ctx.now,
    );
    return true;
  });
}
