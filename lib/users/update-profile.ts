import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { type User, users } from "@/db/schema";
import { recordActivity } from "@/lib/audit/activity";
import type { Context } from "@/lib/server/context";
import { forbidden, invalid, notFound } from "@/lib/http/errors";
import {
  isEmailTaken,
  requestEmailChange,
  TAKEN,
} from "@/lib/users/email-change";
import { findPendingEmail } from "@/lib/users/pending-email";
import { requirePasswordConfirmation } from "@/lib/sessions/step-up";
import { isUniqueViolation } from "@/lib/users/users";
import { deleteReplacedPhoto } from "@/lib/uploads/cleanup";
import { log } from "@/lib/observability/request-scope";
import { describeError } from "@/lib/observability/logger";

export const WHILE_IMPERSONATING =
  "An email address cannot be changed while impersonating.";

export type ProfileChanges = {
  name?: string;
  email?: string;
  /** A relative URI sets `payload.avatar`; null removes it (contract §2: an empty value removes it). */
  avatar?: string | null;
};

/** `payload` is an object or JSON text (contract §2); anything else holds no meta to keep. */
function payloadObject(payload: unknown): Record<string, unknown> {
  let value = payload;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return {};
    }
  }
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? { ...(value as Record<string, unknown>) }
    : {};
}

function withAvatar(
  payload: unknown,
  avatar: string | null,
): Record<string, unknown> {
  const next = payloadObject(payload);
  if (avatar === null) delete next.avatar;
  else next.avatar = avatar;
  return next;
}

/**
 * Applies a profile update in one transaction. A new email address (compared case-insensitively)
 * does not replace the one in force: it waits, pending, for confirmation from its mailbox
 * (decision record 012); a change of letter case alone applies at once. 422 on `email` when
 * another account has it; 404 when the user is gone; 403 for a new address while impersonating
 * (the administrator holds the user's session, and would confirm an address of their own); 423
 * for a new address from a session without a recent password confirmation.
 * Returns the user and their pending address.
 */
export async function updateProfile(
  ctx: Context,
  actor: User,
  user: User,
  changes: ProfileChanges,
): Promise<{ user: User; pendingEmail: string | null }> {
  const newEmail =
    changes.email !== undefined &&
    changes.email.toLowerCase() !== user.email.toLowerCase()
      ? changes.email
      : null;
  if (newEmail !== null && (await ctx.session.data())?.impersonate_token)
    throw forbidden(WHILE_IMPERSONATING);
  // A new address is where every reset link goes next: a recent step-up first (decision record 024).
  if (newEmail !== null) await requirePasswordConfirmation(ctx);
  if (newEmail !== null && (await isEmailTaken(ctx.db, newEmail, user.id)))
    throw invalid("email", TAKEN);
  let previousAvatar: unknown;
  try {
    const updated = await ctx.db.transaction(async (tx) => {
      const set: Partial<typeof users.$inferInsert> = { updatedAt: ctx.now };
      if (changes.name !== undefined) set.name = changes.name;
      if (changes.email !== undefined && newEmail === null)
        set.email = changes.email;
      if (changes.avatar !== undefined) {
        // Read under a row lock, so a concurrent update of another meta key is not lost.
        const [row] = await tx
          .select({ payload: users.payload })
          .from(users)
          .where(eq(users.id, user.id))
          .for("update");
        previousAvatar = payloadObject(row?.payload).avatar;
        set.payload = withAvatar(row?.payload, changes.avatar);
      }
      const [row] = await tx
        .update(users)
        .set(set)
        .where(and(eq(users.id, user.id), isNull(users.deletedAt)))
        .returning();
      if (!row) throw notFound();
      const pending =
        (await findPendingEmail(tx, ctx.config["user-class"], row.id))?.email ??
        null;
      // The address already pending, sent again (the form resubmitted): nothing new to mail; resend is for that.
      const isNewRequest =
        newEmail !== null && newEmail.toLowerCase() !== pending?.toLowerCase();
      const pendingEmail = isNewRequest
        ? await requestEmailChange(tx, ctx, actor, row, newEmail)
        : pending;
      const fields = Object.keys(changes).filter(
        (key) => changes[key as keyof ProfileChanges] !== undefined,
      );
      await recordActivity(
        tx,
        {
          event: "user-updated",
          subjectId: row.id,
          causerId: actor.id === row.id ? null : actor.id,
          ip: ctx.ip,
          properties: { fields },
        },
        ctx.now,
      );
      return { user: row, pendingEmail };
    });
    if (newEmail !== null) ctx.services.wakeMailWorker();
    // A replaced or removed photo is deleted once the change is committed (decision record 015);
    // should that fail, the change stands and the pruning deletes the file later.
    if (previousAvatar !== undefined && previousAvatar !== changes.avatar) {
      await deleteReplacedPhoto(ctx.db, ctx.env.DATA_DIR, previousAvatar).catch(
        (error: unknown) =>
          log().error(
            { err: describeError(error) },
            "uploads: a replaced photo could not be deleted",
          ),
      );
    }
    return updated;
  } catch (error) {
    // A concurrent change to the same address won the race (unique index on lower(email)).
    if (isUniqueViolation(error)) throw invalid("email", TAKEN);
    throw error;
  }
}
