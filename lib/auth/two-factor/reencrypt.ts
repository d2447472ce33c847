import "server-only";
import { count, isNotNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import type { ReencryptResult, Reencryptor } from "@/lib/crypto/reencryption";
import {
  reencryptTwoFactorSecrets,
  twoFactorKey,
} from "@/lib/auth/two-factor/column-key";

async function enrolled(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(isNotNull(users.twoFactorSecret));
  return row?.n ?? 0;
}

/**
 * The second factor's encrypted columns (decision record 023). Under APP_KEY they do not depend on
 * SESSION_SECRET and stay as they are; otherwise every value moves to the new derived key, in one
 * transaction that writes nothing if a value opens with neither key.
 */
export const twoFactorReencryptor: Reencryptor = {
  name: "second factor (users.two_factor_secret, two_factor_recovery_codes)",
  async run(db, secrets): Promise<ReencryptResult> {
    const total = await enrolled(db);
    if (secrets.appKey) return { changed: 0, unchanged: total, unreadable: 0 };
    const from = twoFactorKey({ SESSION_SECRET: secrets.from });
    const to = twoFactorKey({ SESSION_SECRET: secrets.to });
    try {
      const changed = await reencryptTwoFactorSecrets(db, from, to);
      return { changed, unchanged: total - changed, unreadable: 0 };
    } catch {
      return { changed: 0, unchanged: 0, unreadable: total };
    }
  },
};
