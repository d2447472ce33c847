import "server-only";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { accountDeletions, type User, users } from "@/db/schema";
import { recordActivity } from "@/lib/audit/activity";
import type { Context } from "@/lib/server/context";
import {
  endCredentials,
  type EventDeps,
  requestEventDeps,
} from "@/lib/server/credential-ledger";

/**
 * Soft-deletes a user (Laravel's SoftDeletes): the row stays, the guard refuses its sessions and
 * tokens. The credential ledger's `admin-deleted` also ends them for good (decision record 082),
 * so a later restore revives neither an old browser nor an integration's token nor an app's grant
 * (decision record 028): the owner signs in again and makes new ones. False if already deleted.
 * `actor` is null for the command line.
 */
export async function softDeleteUser(
  deps: EventDeps & { db: Context["db"] },
  actor: Pick<User, "id"> | null,
  target: Pick<User, "id" | "email">,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [deleted] = await tx
      .update(users)
      .set({ deletedAt: deps.now, updatedAt: deps.now })
      .where(and(eq(users.id, target.id), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (!deleted) return false;
    const ended = await endCredentials(tx, deps, "admin-deleted", target);
    await recordActivity(
      tx,
      {
        event: "user-deleted",
        subjectId: target.id,
        causerId: actor?.id ?? null,
        ip: deps.ip,
        properties: { tokens: ended["sanctum-tokens"] ?? 0, ended },
      },
      deps.now,
    );
    return true;
  });
}

/**
 * Brings a soft-deleted user back, with none of what the deletion ended (the ledger's `restored`
 * ends nothing more, and revives nothing). False if they were not deleted (nothing to do).
 */
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
    const ended = await endCredentials(
      tx,
      requestEventDeps(ctx),
      "restored",
      target,
    );
    await recordActivity(
      tx,
      {
        event: "user-restored",
        subjectId: target.id,
        causerId: actor.id,
        ip: ctx.ip,
        properties: { ended },
      },
      ctx.now,
    );
    return true;
  });
}
