import "server-only";
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import {
  personalAccessTokens,
  personalAccessTokenSettings,
  users,
} from "@/db/schema";
import { activityStatement } from "@/lib/audit/activity";
import { mailQueueKey } from "@/lib/crypto/secrets";
import { enqueueMail } from "@/lib/mail/queue";
import { tokenExpiringMail } from "@/lib/mail/templates/token-expiring";

const DAY_MS = 86_400_000;
/** The tokens screen the notice links to. */
export const TOKENS_PATH = "/admin/account/tokens";

/**
 * The pruning task's pass over tokens (decision record 045): mails each owner once when a token
 * expires within a week (not a token already rolled: its successor lives on), and revokes tokens
 * unused for `tokens.revoke-unused-days`. The notice is claimed in its settings row first, so two
 * instances pruning at once mail it once.
 */
export async function notifyExpiringTokens(
  db: Db,
  deps: { userClass: string; appUrl: string; sessionSecret: string },
  now: Date,
): Promise<number> {
  const settings = personalAccessTokenSettings;
  const at = sql`${now.toISOString()}::timestamp`;
  const weekLater = sql`${new Date(now.getTime() + 7 * DAY_MS).toISOString()}::timestamp`;
  const claimed = (await db.execute(sql`
    insert into ${settings} (token_id, expiry_notified_at)
    select t.id, ${at}
    from ${personalAccessTokens} t
    left join ${settings} s on s.token_id = t.id
    where t.tokenable_type = ${deps.userClass}
      and t.expires_at > ${at} and t.expires_at <= ${weekLater}
      and s.expiry_notified_at is null and s.replaced_by is null
    on conflict (token_id) do update set expiry_notified_at = excluded.expiry_notified_at
      where ${settings}.expiry_notified_at is null
    returning token_id
  `)) as unknown as
    { token_id: number | string }[] | { rows: { token_id: number | string }[] };
  const claimedIds = (Array.isArray(claimed) ? claimed : claimed.rows).map(
    (row) => Number(row.token_id),
  );
  if (claimedIds.length === 0) return 0;
  const rows = await db
    .select({
      token: personalAccessTokens,
      email: users.email,
      userId: users.id,
    })
    .from(personalAccessTokens)
    .innerJoin(users, eq(users.id, personalAccessTokens.tokenableId))
    .where(inArray(personalAccessTokens.id, claimedIds));
  const key = mailQueueKey(deps.sessionSecret);
  for (const { token, email, userId } of rows) {
    if (!token.expiresAt) continue;
    await db.transaction(async (tx) => {
      await enqueueMail(
        tx,
        tokenExpiringMail("en", {
          to: email,
          tokenName: token.name,
          expiresAt: token.expiresAt ?? now,
          tokensUrl: `${deps.appUrl}${TOKENS_PATH}`,
        }),
        now,
        key,
      );
      await activityStatement(
        tx,
        {
          event: "token-expiry-notice",
          subjectId: userId,
          properties: { token_id: token.id, expires_at: token.expiresAt },
        },
        now,
      );
    });
  }
  return rows.length;
}

/** Deletes tokens not used (or, never used, not created) for `days`; 0 keeps them all. */
export async function revokeUnusedTokens(
  db: Db,
  days: number,
  now: Date,
): Promise<number> {
  if (days === 0) return 0;
  const before = new Date(now.getTime() - days * DAY_MS);
  const revoked = await db
    .delete(personalAccessTokens)
    .where(
      or(
        lt(personalAccessTokens.lastUsedAt, before),
        and(
          isNull(personalAccessTokens.lastUsedAt),
          lt(personalAccessTokens.createdAt, before),
        ),
      ),
    )
    .returning({
      id: personalAccessTokens.id,
      userId: personalAccessTokens.tokenableId,
    });
  for (const token of revoked)
    await activityStatement(
      db,
      {
        event: "token-revoked-unused",
        subjectId: token.userId,
        properties: { token_id: token.id, unused_days: days },
      },
      now,
    );
  return revoked.length;
}
