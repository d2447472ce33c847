import "server-only";
import { and, eq, gt, isNull, type SQLWrapper } from "drizzle-orm";
import { writeInOneStatement } from "@/db/one-statement";
import { twoFactorChallenges, type User, users } from "@/db/schema";
import type { Context } from "@/lib/server/context";
import { randomToken, sha256Hex } from "@/lib/crypto/secrets";

/** How long a sign-in waits for its second factor (decision record 023). */
const PENDING_SIGN_IN_SECONDS = 10 * 60;

export type PendingMethod = "password" | "social" | "email-link";
export type PendingSignIn = {
  id: string;
  user: User;
  remember: boolean;
  method: PendingMethod;
};

/** The statement that forgets this browser's pending sign-in, if it has one (for a caller's larger write). */
export function forgetPendingStatement(ctx: Context): SQLWrapper | null {
  const token = ctx.session.pendingSignIn;
  return token
    ? ctx.db
        .delete(twoFactorChallenges)
        .where(eq(twoFactorChallenges.id, sha256Hex(token)))
    : null;
}

/**
 * Holds `user`'s sign-in until the second factor is given: a row keyed by the sha256 of a random
 * token that only this browser's sealed cookie carries. `alongside` writes (the lockout's reset, a
 * rehash) go in the same statement. A sign-in already pending in this browser is replaced.
 */
export async function holdSignIn(
  ctx: Context,
  user: User,
  options: {
    remember: boolean;
    method: PendingMethod;
    alongside?: SQLWrapper[];
  },
): Promise<void> {
  const token = randomToken(32);
  const previous = forgetPendingStatement(ctx);
  const insert = ctx.db.insert(twoFactorChallenges).values({
    id: sha256Hex(token),
    userId: user.id,
    remember: options.remember,
    method: options.method,
    expiresAt: new Date(ctx.now.getTime() + PENDING_SIGN_IN_SECONDS * 1000),
  });
  await writeInOneStatement(ctx.db, insert, [
    ...(previous ? [previous] : []),
    ...(options.alongside ?? []),
  ]);
  ctx.session.holdPendingSignIn(token);
}

/** This browser's pending sign-in, unexpired, with its user (active); null otherwise. */
export async function findPendingSignIn(
  ctx: Context,
): Promise<PendingSignIn | null> {
  const token = ctx.session.pendingSignIn;
  if (!token) return null;
  const [row] = await ctx.db
    .select({
      id: twoFactorChallenges.id,
      remember: twoFactorChallenges.remember,
      method: twoFactorChallenges.method,
      user: users,
    })
    .from(twoFactorChallenges)
    .innerJoin(
      users,
      and(eq(users.id, twoFactorChallenges.userId), isNull(users.deletedAt)),
    )
    .where(
      and(
        eq(twoFactorChallenges.id, sha256Hex(token)),
        gt(twoFactorChallenges.expiresAt, ctx.now),
      ),
    )
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    user: row.user,
    remember: row.remember,
    method:
      row.method === "social" || row.method === "email-link"
        ? row.method
        : "password",
  };
}

/** Uses the pending sign-in up: true for the one request that deleted it. */
export async function consumePendingSignIn(
  ctx: Context,
  pending: PendingSignIn,
): Promise<boolean> {
  const deleted = await ctx.db
    .delete(twoFactorChallenges)
    .where(eq(twoFactorChallenges.id, pending.id))
    .returning({ id: twoFactorChallenges.id });
  return deleted.length > 0;
}
