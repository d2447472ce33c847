import "server-only";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "@/db/client";
import { type User, users } from "@/db/schema";
import { describeError } from "@/lib/observability/logger";
import { log } from "@/lib/observability/request-scope";
import type { Context } from "@/lib/server/context";
import {
  openColumn,
  sealColumn,
  twoFactorKey,
} from "@/lib/auth/two-factor/column-key";
import {
  newRecoveryCodes,
  parseRecoveryCodes,
} from "@/lib/auth/two-factor/recovery-codes";

/** Whether the user signs in with a second factor: a secret, confirmed (Fortify's `hasEnabledTwoFactorAuthentication`). */
export function hasTwoFactor(
  user: Pick<User, "twoFactorSecret" | "twoFactorConfirmedAt">,
): boolean {
  return user.twoFactorSecret !== null && user.twoFactorConfirmedAt !== null;
}

/** The user's TOTP secret in clear, or null (none, or written under another key: logged, never a 500). */
export function readSecret(
  ctx: Pick<Context, "env">,
  user: User,
): string | null {
  if (user.twoFactorSecret === null) return null;
  try {
    return openColumn(twoFactorKey(ctx.env), user.twoFactorSecret);
  } catch (error) {
    log().error(
      { userId: user.id, err: describeError(error) },
      "two-factor: the secret does not open with the current key (APP_KEY or SESSION_SECRET changed?)",
    );
    return null;
  }
}

/** The user's recovery codes in clear ([] when none or unreadable). */
export function readRecoveryCodes(
  ctx: Pick<Context, "env">,
  user: User,
): string[] {
  if (user.twoFactorRecoveryCodes === null) return [];
  try {
    return parseRecoveryCodes(
      openColumn(twoFactorKey(ctx.env), user.twoFactorRecoveryCodes),
    );
  } catch {
    return [];
  }
}

export const sealRecoveryCodes = (ctx: Pick<Context, "env">, codes: string[]) =>
  sealColumn(twoFactorKey(ctx.env), JSON.stringify(codes));

/** Stores a new, unconfirmed secret and eight recovery codes (Fortify's EnableTwoFactorAuthentication). */
export async function storeNewSecret(
  ctx: Context,
  user: User,
  secret: string,
): Promise<User> {
  const key = twoFactorKey(ctx.env);
  const [updated] = await ctx.db
    .update(users)
    .set({
      twoFactorSecret: sealColumn(key, secret),
      twoFactorRecoveryCodes: sealColumn(
        key,
        JSON.stringify(newRecoveryCodes()),
      ),
      twoFactorConfirmedAt: null,
      twoFactorLastStep: null,
      updatedAt: ctx.now,
    })
    .where(eq(users.id, user.id))
    .returning();
  return updated ?? user;
}

/** Eight new recovery codes replace the user's (Fortify's GenerateNewRecoveryCodes). */
export async function storeNewRecoveryCodes(
  ctx: Context,
  user: User,
): Promise<void> {
  await ctx.db
    .update(users)
    .set({
      twoFactorRecoveryCodes: sealRecoveryCodes(ctx, newRecoveryCodes()),
      updatedAt: ctx.now,
    })
    .where(eq(users.id, user.id));
}

/** Clears Fortify's columns: no second factor any more. */
export function clearTwoFactor(
  db: Pick<Db, "update">,
  userId: number,
  now: Date,
) {
  return db
    .update(users)
    .set({
      twoFactorSecret: null,
      twoFactorRecoveryCodes: null,
      twoFactorConfirmedAt: null,
      twoFactorLastStep: null,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

/**
 * Records `step` as used, only if no later or equal step was used before (one statement, so two
 * requests with the same code cannot both pass). `confirm` also sets `two_factor_confirmed_at`.
 * False when another request used that step first.
 */
export async function claimStep(
  db: Db,
  user: User,
  step: number,
  now: Date,
  options: { confirm?: boolean } = {},
): Promise<boolean> {
  const claimed = await db
    .update(users)
    .set({
      twoFactorLastStep: step,
      ...(options.confirm ? { twoFactorConfirmedAt: now, updatedAt: now } : {}),
    })
    .where(
      and(
        eq(users.id, user.id),
        or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step)),
      ),
    )
    .returning({ id: users.id });
  return claimed.length > 0;
}

/**
 * Replaces the stored recovery codes, only if they are still the ones read (compare-and-swap on
 * the stored value): a code used by two requests at once works for one of them.
 */
export async function swapRecoveryCodes(
  db: Db,
  user: User,
  sealed: string,
): Promise<boolean> {
  if (user.twoFactorRecoveryCodes === null) return false;
  const swapped = await db
    .update(users)
    .set({ twoFactorRecoveryCodes: sealed })
    .where(
      and(
        eq(users.id, user.id),
        eq(users.twoFactorRecoveryCodes, user.twoFactorRecoveryCodes),
      ),
    )
    .returning({ id: users.id });
  return swapped.length > 0;
}
