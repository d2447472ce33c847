import "server-only";
import { eq, isNotNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { deriveEncryptionKey } from "@/lib/crypto/secrets";
import type { Env } from "@/lib/env";
import {
  laravelDecrypt,
  laravelEncrypt,
  parseAppKey,
} from "@/lib/auth/two-factor/laravel-encrypter";

/**
 * The key of Fortify's columns (decision record 023): Laravel's `APP_KEY` when it is set, so a
 * Fortify database keeps its enrolled users; else one derived from SESSION_SECRET.
 */
export function twoFactorKey(
  env: Pick<Env, "APP_KEY" | "SESSION_SECRET">,
): Buffer {
  return env.APP_KEY
    ? parseAppKey(env.APP_KEY)
    : deriveEncryptionKey(env.SESSION_SECRET, "two-factor-columns");
}

/** A column's value as Fortify writes it: `encrypt()` of the plain text. */
export const sealColumn = (key: Buffer, plain: string) =>
  laravelEncrypt(key, plain);

/** A column's plain text; throws when it was written under another key. */
export const openColumn = (key: Buffer, value: string) =>
  laravelDecrypt(key, value);

/**
 * Re-encrypts every user's second-factor secret and recovery codes from `oldKey` to `newKey`
 * (the operator's "re-encrypt secrets" command, after APP_KEY or SESSION_SECRET changed). A value
 * that already opens with `newKey` is left alone, so running it twice is harmless; one that opens
 * with neither stops the run before anything is written. Returns how many users were rewritten.
 */
export async function reencryptTwoFactorSecrets(
  db: Db,
  oldKey: Buffer,
  newKey: Buffer,
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: users.id,
        secret: users.twoFactorSecret,
        codes: users.twoFactorRecoveryCodes,
      })
      .from(users)
      .where(isNotNull(users.twoFactorSecret))
      .for("update");
    const reseal = (value: string | null, id: number): string | null => {
      if (value === null) return null;
      try {
        openColumn(newKey, value);
        return value;
      } catch {
        try {
          return sealColumn(newKey, openColumn(oldKey, value));
        } catch {
          throw new Error(
            `user ${id}: a second-factor column opens with neither key`,
          );
        }
      }
    };
    let rewritten = 0;
    for (const row of rows) {
      const secret = reseal(row.secret, row.id);
      const codes = reseal(row.codes, row.id);
      if (secret === row.secret && codes === row.codes) continue;
      await tx
        .update(users)
        .set({ twoFactorSecret: secret, twoFactorRecoveryCodes: codes })
        .where(eq(users.id, row.id));
      rewritten++;
    }
    return rewritten;
  });
}
