import "server-only";
import { and, eq, isNull, lte, or } from "drizzle-orm";
import { passwordResetTokens, type User, users } from "@/db/schema";
import type { Context } from "@/lib/auth/context";
import { hashPassword, verifyPassword } from "@/lib/auth/passwords";
import { randomToken, safeEqual, sha256Hex } from "@/lib/auth/secrets";
import { deleteUserSessions } from "@/lib/auth/session-store";
import { enqueueMail } from "@/lib/mail/queue";
import { resetPasswordMail } from "@/lib/mail/templates/reset-password";
import { invalid } from "@/lib/http/errors";

/** A second link is not sent within this many seconds of the first (silently: no enumeration). */
const RESEND_THROTTLE_SECONDS = 60;
export const INVALID_TOKEN = "This password reset token is invalid.";

/** SPEC.md rule 8: the front end's reset screen, with the token and the URL-encoded email. */
export function resetUrl(ctx: Context, token: string, email: string): string {
  const path = ctx.config.frontend["reset-password"]
    .replace("{token}", encodeURIComponent(token))
    .replace("{email}", encodeURIComponent(email));
  return `${ctx.env.APP_URL}/${path.replace(/^\/+/, "")}`;
}

/**
 * Stores a fresh token (hashed) and queues the email, in one transaction. One upsert decides
 * whether a link may be sent: concurrent requests for one email store one token and send one
 * message (a read-then-insert let them collide on the primary key: a 500).
 */
export async function sendResetLink(ctx: Context, user: User): Promise<void> {
  const token = randomToken(32);
  const hash = sha256Hex(token);
  const resendFrom = new Date(ctx.now.getTime() - RESEND_THROTTLE_SECONDS * 1000);
  const sent = await ctx.db.transaction(async (tx) => {
    const stored = await tx
      .insert(passwordResetTokens)
      .values({ email: user.email, token: hash, createdAt: ctx.now })
      .onConflictDoUpdate({
        target: passwordResetTokens.email,
        set: { token: hash, createdAt: ctx.now },
        setWhere: or(isNull(passwordResetTokens.createdAt), lte(passwordResetTokens.createdAt, resendFrom)),
      })
      .returning({ email: passwordResetTokens.email });
    if (stored.length === 0) return false;
    await enqueueMail(tx, resetPasswordMail(ctx.locale, user.email, resetUrl(ctx, token, user.email), ctx.config.passwords.expire), ctx.now);
    return true;
  });
  if (sent) ctx.services.wakeMailWorker();
}

// Rows written by a Laravel application hold a bcrypt hash of the token; ours a sha256.
async function tokenMatches(stored: string, token: string): Promise<boolean> {
  return stored.startsWith("$2") ? verifyPassword(token, stored) : safeEqual(stored, sha256Hex(token));
}

/**
 * Sets a new password with a valid reset token: the token is consumed in the same transaction
 * (single use, even under concurrent requests) and every session of the user ends.
 */
export async function resetPassword(ctx: Context, user: User, token: string, password: string): Promise<User> {
  const [row] = await ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.email, user.email));
  const fresh = row?.createdAt && ctx.now.getTime() - row.createdAt.getTime() <= ctx.config.passwords.expire * 60_000;
  if (!row || !fresh || !(await tokenMatches(row.token, token))) throw invalid("email", INVALID_TOKEN);
  const hash = await hashPassword(password, ctx.config.hashing.rounds);
  const updated = await ctx.db.transaction(async (tx) => {
    const consumed = await tx
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.email, row.email), eq(passwordResetTokens.token, row.token)))
      .returning({ email: passwordResetTokens.email });
    if (consumed.length === 0) throw invalid("email", INVALID_TOKEN);
    const [changed] = await tx
      .update(users)
      .set({ password: hash, rememberToken: randomToken(45).slice(0, 60), updatedAt: ctx.now })
      .where(eq(users.id, user.id))
      .returning();
    await deleteUserSessions(tx, user.id);
    return changed;
  });
  if (!updated) throw invalid("email", INVALID_TOKEN);
  return updated;
}
