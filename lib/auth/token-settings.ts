import "server-only";
import type { Db } from "@/db/client";
import { personalAccessTokenSettings, type User } from "@/db/schema";
import { type IssuedToken, issueToken } from "@/lib/auth/tokens";

/** A token's own settings as create-token received them (decision record 045). */
export type TokenSettingsInput = {
  idleExpiresIn: number | null;
  rateLimit: number | null;
  quota: number | null;
  quotaRefill: number | null;
  quotaInterval: number | null;
  allowedIps: string[] | null;
};

const hasAny = (settings: TokenSettingsInput) =>
  Object.values(settings).some((value) => value !== null);

/** Issues a token and writes its settings row in one transaction: both or neither. */
export async function issueTokenWithSettings(
  db: Db,
  userClass: string,
  user: Pick<User, "id">,
  input: Parameters<typeof issueToken>[3] & { settings: TokenSettingsInput },
  now: Date,
): Promise<IssuedToken> {
  const { settings } = input;
  if (!hasAny(settings)) return issueToken(db, userClass, user, input, now);
  return db.transaction(async (tx) => {
    const issued = await issueToken(tx, userClass, user, input, now);
    await tx.insert(personalAccessTokenSettings).values({
      tokenId: issued.token.id,
      ...settings,
      quotaRemaining: settings.quota,
      quotaRefilledAt: settings.quota === null ? null : now,
    });
    return issued;
  });
}
