import "server-only";
import { createHash } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { type User, users } from "@/db/schema";
import type { Context } from "@/lib/server/context";
import { actionPath } from "@/lib/server/url";
import { signPath } from "@/lib/crypto/signed-urls";
import { enqueueMail } from "@/lib/mail/queue";
import { verifyEmailMail } from "@/lib/mail/templates/verify-email";
import { mailQueueKey, safeEqual } from "@/lib/crypto/secrets";

/** Laravel's `{hash}`: sha1 of the email address. */
export function emailHash(email: string): string {
  return createHash("sha1").update(email).digest("hex");
}

/** The absolute, temporary signed link of contract §3 Email verification. */
export function verificationUrl(ctx: Context, user: User): string {
  const path = actionPath(ctx.config, "verification-verify", {
    id: user.id,
    hash: emailHash(user.email),
  });
  const expiresAt = new Date(
    ctx.now.getTime() + ctx.config.verification.expire * 60_000,
  );
  return `${ctx.env.APP_URL}${signPath(ctx.env.SESSION_SECRET, path, expiresAt)}`;
}

/** Queues the verification email (in the caller's transaction when one is given). */
export async function queueVerificationMail(
  ctx: Context,
  user: User,
  db: Pick<Db, "insert"> = ctx.db,
): Promise<void> {
  const message = verifyEmailMail(
    ctx.locale,
    user.email,
    verificationUrl(ctx, user),
    ctx.config.verification.expire,
  );
  await enqueueMail(db, message, ctx.now, mailQueueKey(ctx.env.SESSION_SECRET));
}

/** Does the link's `{id}/{hash}` name this user? */
export function linkMatchesUser(user: User, id: string, hash: string): boolean {
  return (
    String(user.id) === id &&
    safeEqual(emailHash(user.email), hash.toLowerCase())
  );
}

/** Marks the email verified; returns the updated user only the first time (Verified fires once). */
export async function markVerified(
  db: Db,
  user: User,
  now: Date,
): Promise<User | null> {
  const [updated] = await db
    .update(users)
    .set({ emailVerifiedAt: now, updatedAt: now })
    .where(and(eq(users.id, user.id), isNull(users.emailVerifiedAt)))
    .returning();
  return updated ?? null;
}
