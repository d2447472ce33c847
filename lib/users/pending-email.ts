import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import {
  type PendingUserEmail,
  pendingUserEmails,
  type User,
} from "@/db/schema";
import type { Context } from "@/lib/server/context";
import { randomToken, sha256Hex } from "@/lib/crypto/secrets";
import type { PresentedUser } from "@/lib/users/users";

/**
 * `pending_user_emails`: the one address per user that waits for confirmation from its mailbox
 * (decision record 012). `token` is always a sha256: first of a secret nobody keeps (a marker of
 * this request, which the mail worker replaces), then of the secret in the link it mails.
 */

type Executor = Pick<Db, "select" | "insert" | "update" | "delete">;

/** The user as get-auth and the profile routes show them: with the address awaiting confirmation. */
export function withPendingEmail(
  user: PresentedUser,
  pendingEmail: string | null,
) {
  return { ...user, pending_email: pendingEmail };
}

const ofUser = (userClass: string, userId: number) =>
  and(
    eq(pendingUserEmails.userType, userClass),
    eq(pendingUserEmails.userId, userId),
  );

export async function findPendingEmail(
  db: Pick<Db, "select">,
  userClass: string,
  userId: number,
  options: { lock?: boolean } = {},
): Promise<PendingUserEmail | null> {
  const query = db
    .select()
    .from(pendingUserEmails)
    .where(ofUser(userClass, userId))
    .limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}

/** A fresh marker for `token`: the sha256 of a secret that is thrown away at once. */
export const unusableToken = () => sha256Hex(randomToken(32));

/**
 * Stores `email` as the user's pending address, replacing any earlier one (and so invalidating
 * its link). Returns the row with its marker token, which names this request to the mail worker.
 */
export async function storePendingEmail(
  db: Executor,
  ctx: Pick<Context, "config" | "now">,
  user: User,
  email: string,
): Promise<PendingUserEmail> {
  const values = {
    email,
    token: unusableToken(),
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  const [row] = await db
    .insert(pendingUserEmails)
    .values({ userType: ctx.config["user-class"], userId: user.id, ...values })
    .onConflictDoUpdate({
      target: [pendingUserEmails.userType, pendingUserEmails.userId],
      set: values,
    })
    .returning();
  if (!row) throw new Error("pending_user_emails: upsert returned nothing");
  return row;
}

/** A new marker (and lifetime) for the pending address, so the previous link stops working. Null when none is pending. */
export async function renewPendingEmail(
  db: Executor,
  ctx: Pick<Context, "config" | "now">,
  userId: number,
): Promise<PendingUserEmail | null> {
  const [row] = await db
    .update(pendingUserEmails)
    .set({ token: unusableToken(), updatedAt: ctx.now })
    .where(ofUser(ctx.config["user-class"], userId))
    .returning();
  return row ?? null;
}

/**
 * Replaces the request's marker with the hash of the link's secret; returns the pending address,
 * or null when the request was replaced, resent or withdrawn meanwhile.
 */
export async function attachLinkToken(
  db: Executor,
  pending: Pick<PendingUserEmail, "id" | "token">,
  tokenHash: string,
): Promise<string | null> {
  const [row] = await db
    .update(pendingUserEmails)
    .set({ token: tokenHash })
    .where(
      and(
        eq(pendingUserEmails.id, pending.id),
        eq(pendingUserEmails.token, pending.token),
      ),
    )
    .returning({ email: pendingUserEmails.email });
  return row?.email ?? null;
}

/** Withdraws the user's pending address; returns it, or null when there was none. */
export async function deletePendingEmail(
  db: Executor,
  userClass: string,
  userId: number,
): Promise<string | null> {
  const [row] = await db
    .delete(pendingUserEmails)
    .where(ofUser(userClass, userId))
    .returning({ email: pendingUserEmails.email });
  return row?.email ?? null;
}
