import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import {
  personalAccessTokens,
  personalAccessTokenSettings,
  type User,
} from "@/db/schema";
import { issueToken } from "@/lib/auth/tokens";

/**
 * Rolls one of the user's tokens (decision record 045): a new secret under a new id, with the
 * same name, abilities, expiry and settings (the quota left included); the old secret keeps
 * working `graceSeconds` (its `expires_at` moves there, so a Laravel app on the same database
 * agrees), or stops at once with 0. Null when the token is not the user's or already rolled.
 */
export async function rollToken(
  db: Db,
  options: {
    userClass: string;
    user: Pick<User, "id">;
    tokenId: number;
    graceSeconds: number;
    prefix: string;
  },
  now: Date,
): Promise<{
  plainTextToken: string;
  id: number;
  name: string;
  graceUntil: Date | null;
} | null> {
  return db.transaction(async (tx) => {
    const [old] = await tx
      .select({
        token: personalAccessTokens,
        settings: personalAccessTokenSettings,
      })
      .from(personalAccessTokens)
      .leftJoin(
        personalAccessTokenSettings,
        eq(personalAccessTokenSettings.tokenId, personalAccessTokens.id),
      )
      .where(
        and(
          eq(personalAccessTokens.id, options.tokenId),
          eq(personalAccessTokens.tokenableType, options.userClass),
          eq(personalAccessTokens.tokenableId, options.user.id),
        ),
      )
      .for("update", { of: personalAccessTokens });
    if (!old || old.settings?.replacedBy) return null;
    const { token, settings } = old;
    const issued = await issueToken(
      tx,
      options.userClass,
      options.user,
      {
        name: token.name,
        abilities: JSON.parse(token.abilities ?? "[]") as string[],
        expiresAt: token.expiresAt,
        prefix: options.prefix,
      },
      now,
    );
    const {
      tokenId: _old,
      expiryNotifiedAt: _notified,
      ...kept
    } = settings ?? { tokenId: 0, expiryNotifiedAt: null };
    await tx.insert(personalAccessTokenSettings).values({
      ...kept,
      tokenId: issued.token.id,
      rolledFrom: token.id,
      replacedBy: null,
    });
    if (options.graceSeconds === 0) {
      await tx
        .delete(personalAccessTokens)
        .where(eq(personalAccessTokens.id, token.id));
      return {
        plainTextToken: issued.plainTextToken,
        id: issued.token.id,
        name: issued.token.name,
        graceUntil: null,
      };
    }
    const graceEnd = new Date(now.getTime() + options.graceSeconds * 1000);
    const graceUntil =
      token.expiresAt && token.expiresAt < graceEnd
        ? token.expiresAt
        : graceEnd;
    await tx
      .update(personalAccessTokens)
      .set({ expiresAt: graceUntil, updatedAt: now })
      .where(eq(personalAccessTokens.id, token.id));
    await tx
      .insert(personalAccessTokenSettings)
      .values({ tokenId: token.id, replacedBy: issued.token.id })
      .onConflictDoUpdate({
        target: personalAccessTokenSettings.tokenId,
        set: { replacedBy: issued.token.id },
      });
    return {
      plainTextToken: issued.plainTextToken,
      id: issued.token.id,
      name: issued.token.name,
      graceUntil,
    };
  });
}
