import "server-only";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { type User, users } from "@/db/schema";
import { recordActivity } from "@/lib/audit/activity";
import type { Context } from "@/lib/auth/context";
import { queueVerificationMail } from "@/lib/auth/verification";
import { invalid, notFound } from "@/lib/http/errors";
import { isUniqueViolation } from "@/lib/users/users";
import { deleteReplacedPhoto } from "@/lib/uploads/cleanup";

export type ProfileChanges = {
  name?: string;
  email?: string;
  /** A relative URI sets `payload.avatar`; null removes it (SPEC.md §2: an empty value removes it). */
  avatar?: string | null;
};

const TAKEN = "The :attribute has already been taken.";

/** Whether another account (soft-deleted ones too: they may be restored) uses the email. */
async function isEmailTaken(db: Db, email: string, exceptId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

/** `payload` is an object or JSON text (SPEC.md §2); anything else holds no meta to keep. */
function payloadObject(payload: unknown): Record<string, unknown> {
  let value = payload;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return {};
    }
  }
  return typeof value === "object" && value !== null && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
}

function withAvatar(payload: unknown, avatar: string | null): Record<string, unknown> {
  const next = payloadObject(payload);
  if (avatar === null) delete next.avatar;
  else next.avatar = avatar;
  return next;
}

/**
 * Applies a profile update in one transaction. A new email address (compared case-insensitively)
 * is unverified again when `must-verify-email` is on, and gets the verification email.
 * 422 on `email` when another account has it; 404 when the user is gone.
 */
export async function updateProfile(ctx: Context, actor: User, user: User, changes: ProfileChanges): Promise<User> {
  const emailChanged = changes.email !== undefined && changes.email.toLowerCase() !== user.email.toLowerCase();
  if (emailChanged && changes.email && (await isEmailTaken(ctx.db, changes.email, user.id))) throw invalid("email", TAKEN);
  const reverify = emailChanged && ctx.config["must-verify-email"];
  let previousAvatar: unknown;
  try {
    const updated = await ctx.db.transaction(async (tx) => {
      const set: Partial<typeof users.$inferInsert> = { updatedAt: ctx.now };
      if (changes.name !== undefined) set.name = changes.name;
      if (changes.email !== undefined) set.email = changes.email;
      if (reverify) set.emailVerifiedAt = null;
      if (changes.avatar !== undefined) {
        // Read under a row lock, so a concurrent update of another meta key is not lost.
        const [row] = await tx.select({ payload: users.payload }).from(users).where(eq(users.id, user.id)).for("update");
        previousAvatar = payloadObject(row?.payload).avatar;
        set.payload = withAvatar(row?.payload, changes.avatar);
      }
      const [row] = await tx.update(users).set(set).where(and(eq(users.id, user.id), isNull(users.deletedAt))).returning();
      if (!row) throw notFound();
      if (reverify) await queueVerificationMail(ctx, row, tx);
      const fields = Object.keys(changes).filter((key) => changes[key as keyof ProfileChanges] !== undefined);
      await recordActivity(
        tx,
        { event: "user-updated", subjectId: row.id, causerId: actor.id === row.id ? null : actor.id, ip: ctx.ip, properties: { fields } },
        ctx.now,
      );
      return row;
    });
    if (reverify) ctx.services.wakeMailWorker();
    // A replaced or removed photo is deleted once the change is committed (decision record 014);
    // should that fail, the change stands and the pruning deletes the file later.
    if (previousAvatar !== undefined && previousAvatar !== changes.avatar) {
      await deleteReplacedPhoto(ctx.db, ctx.env.DATA_DIR, previousAvatar).catch((error: unknown) =>
        console.error("[uploads] a replaced photo could not be deleted", error instanceof Error ? error.message : error),
      );
    }
    return updated;
  } catch (error) {
    // A concurrent change to the same address won the race (unique index on lower(email)).
    if (isUniqueViolation(error)) throw invalid("email", TAKEN);
    throw error;
  }
}
