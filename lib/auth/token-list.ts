import "server-only";
import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import {
  type PersonalAccessToken,
  personalAccessTokens,
  type PersonalAccessTokenSettings,
  personalAccessTokenSettings,
  personalAccessTokenUsage,
} from "@/db/schema";
import { presentToken } from "@/lib/auth/tokens";
import { readableAddress } from "@/lib/http/readable-address";

const HOUR_MS = 3_600_000;
const startOfHour = (ms: number) =>
  new Date(Math.floor(ms / HOUR_MS) * HOUR_MS);

/**
 * The caller's tokens with their settings and use (decision record 045): requests in the last
 * 24 hours and 30 days from the hourly counts (by whole hours, and up to one last-used interval
 * behind), the last address and user agent.
 */
export async function listTokensWithUsage(
  db: Db,
  userClass: string,
  userId: number,
  now: Date,
) {
  const usage = personalAccessTokenUsage;
  const since24h = startOfHour(now.getTime() - 24 * HOUR_MS);
  const totals = db
    .select({
      tokenId: usage.tokenId,
      day: sql<number>`coalesce(sum(${usage.requests}) filter (where ${usage.hour} >= ${since24h.toISOString()}::timestamp), 0)::int`.as(
        "day",
      ),
      month: sql<number>`coalesce(sum(${usage.requests}), 0)::int`.as("month"),
    })
    .from(usage)
    .where(gte(usage.hour, startOfHour(now.getTime() - 30 * 24 * HOUR_MS)))
    .groupBy(usage.tokenId)
    .as("totals");
  const rows = await db
    .select({
      token: personalAccessTokens,
      settings: personalAccessTokenSettings,
      day: totals.day,
      month: totals.month,
    })
    .from(personalAccessTokens)
    .leftJoin(
      personalAccessTokenSettings,
      eq(personalAccessTokenSettings.tokenId, personalAccessTokens.id),
    )
    .leftJoin(totals, eq(totals.tokenId, personalAccessTokens.id))
    .where(
      and(
        eq(personalAccessTokens.tokenableType, userClass),
        eq(personalAccessTokens.tokenableId, userId),
      ),
    )
    .orderBy(desc(personalAccessTokens.id));
  return rows.map((row) =>
    presentTokenWithUsage(row.token, row.settings, {
      day: row.day ?? 0,
      month: row.month ?? 0,
    }),
  );
}

/** `tokens`' item: Sanctum's fields, then this application's (null when not set). */
export function presentTokenWithUsage(
  token: PersonalAccessToken,
  settings: PersonalAccessTokenSettings | null,
  requests: { day: number; month: number },
) {
  return {
    ...presentToken(token),
    idle_expires_in: settings?.idleExpiresIn ?? null,
    rate_limit: settings?.rateLimit ?? null,
    quota: settings?.quota ?? null,
    quota_refill: settings?.quotaRefill ?? null,
    quota_interval: settings?.quotaInterval ?? null,
    quota_remaining: settings?.quotaRemaining ?? null,
    allowed_ips: settings?.allowedIps ?? null,
    last_used_ip: readableAddress(settings?.lastUsedIp ?? null),
    last_used_user_agent: settings?.lastUsedUserAgent ?? null,
    requests_24h: requests.day,
    requests_30d: requests.month,
    rolled_from: settings?.rolledFrom ?? null,
    replaced_by: settings?.replacedBy ?? null,
  };
}
