import "server-only";
import ipaddr from "ipaddr.js";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import {
  type PersonalAccessTokenSettings,
  personalAccessTokenSettings,
} from "@/db/schema";
import { recordActivity } from "@/lib/audit/activity";
import { hit, secondsUntil } from "@/lib/auth/rate-limit";
import { HttpError, unauthenticated } from "@/lib/http/errors";

/**
 * What a token's own settings ask of each request (decision record 045), after the token was
 * found: its address list (401, audited), its requests per minute and its quota (429). A token
 * without settings, or without any of them, costs nothing here.
 */
export async function admitToken(
  db: Db,
  request: {
    tokenId: number;
    tokenHash: string;
    userId: number;
    ip: string;
    now: Date;
  },
  settings: PersonalAccessTokenSettings | null,
): Promise<void> {
  if (!settings) return;
  if (settings.allowedIps && !isAllowed(request.ip, settings.allowedIps)) {
    await recordActivity(
      db,
      {
        event: "token-refused",
        subjectId: request.userId,
        ip: request.ip,
        properties: { token_id: request.tokenId, reason: "address" },
      },
      request.now,
    );
    throw unauthenticated();
  }
  if (settings.rateLimit) await countRate(db, request, settings.rateLimit);
  if (settings.quota !== null) await spendQuota(db, request, settings);
}

/** Whether `ip` is inside one of the CIDR ranges (an IPv4-mapped IPv6 address counts as IPv4). */
export function isAllowed(ip: string, ranges: readonly string[]): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const address = ipaddr.process(ip);
  return ranges.some((range) => {
    const [network, bits] = ipaddr.parseCIDR(range);
    return network.kind() === address.kind() && address.match([network, bits]);
  });
}

const MINUTE_SECONDS = 60;

/**
 * A fixed window of a minute per token, in `rate_limits` like every limiter (decision record 003),
 * counted in batches: an instance reserves a twentieth of the limit with one upsert and serves
 * that many requests before it writes again, so the instances together never let more than the
 * limit through, and a limit of 20 or less is counted request by request. Requests arriving
 * while a reservation is on its way wait for that one: each reserving a batch of its own would
 * spend the whole limit on one burst and refuse requests far below it.
 */
type Reservation = { resetAt: number; left: number };
type Reserving = Promise<{ granted: boolean; retryAfter: number }>;
const reservations = new WeakMap<Db, Map<string, Reservation>>();
const reserving = new WeakMap<Db, Map<string, Reserving>>();

function perDb<T>(maps: WeakMap<Db, Map<string, T>>, db: Db): Map<string, T> {
  let map = maps.get(db);
  if (!map) maps.set(db, (map = new Map()));
  return map;
}

async function countRate(
  db: Db,
  request: { tokenId: number; tokenHash: string; now: Date },
  limit: number,
) {
  // Keyed by the token's hash, unique for good (an id comes back after a truncate in tests).
  const key = request.tokenHash;
  const reserved = perDb(reservations, db);
  const inFlight = perDb(reserving, db);
  for (;;) {
    const local = reserved.get(key);
    if (local && local.left > 0 && local.resetAt > request.now.getTime()) {
      local.left -= 1;
      return;
    }
    const pending = inFlight.get(key);
    if (pending) {
      // Someone else's reservation: take from it once it lands, or share its refusal.
      const outcome = await pending;
      if (!outcome.granted) throw tooManyAttempts(limit, outcome.retryAfter);
      continue;
    }
    const mine = reserve(db, request, limit, reserved).finally(() =>
      inFlight.delete(key),
    );
    inFlight.set(key, mine);
    const outcome = await mine;
    if (!outcome.granted) throw tooManyAttempts(limit, outcome.retryAfter);
    // The reservation kept one request for the one who made it.
    return;
  }
}

/** One upsert: a batch of the window for this instance, keeping its first request for the caller. */
async function reserve(
  db: Db,
  request: { tokenId: number; tokenHash: string; now: Date },
  limit: number,
  reserved: Map<string, Reservation>,
): Reserving {
  const batch = Math.max(1, Math.floor(limit / 20));
  const window = await hit(
    db,
    `token-rate:${request.tokenId}`,
    MINUTE_SECONDS,
    request.now,
    batch,
  );
  const granted = Math.min(batch, limit - (window.hits - batch));
  if (granted > 0) {
    reserved.set(request.tokenHash, {
      resetAt: window.resetAt.getTime(),
      left: granted - 1,
    });
    return { granted: true, retryAfter: 0 };
  }
  reserved.delete(request.tokenHash);
  return { granted: false, retryAfter: secondsUntil(window, request.now) };
}

function tooManyAttempts(limit: number, retryAfter: number): HttpError {
  return new HttpError(429, "Too Many Attempts.", {
    "Retry-After": String(retryAfter),
    ...rateLimitHeaders(limit, 0, retryAfter),
  });
}

/** The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers), as most APIs send them. */
function rateLimitHeaders(limit: number, remaining: number, reset: number) {
  return {
    "RateLimit-Limit": String(limit),
    "RateLimit-Remaining": String(remaining),
    "RateLimit-Reset": String(reset),
    "RateLimit-Policy": `${limit};w=${MINUTE_SECONDS}`,
  };
}

/**
 * Spends one request of the quota in one conditional statement: the refills due since the last
 * one are added first (never above `quota`), and nothing is written when none is left.
 */
async function spendQuota(
  db: Db,
  request: { tokenId: number; now: Date },
  settings: PersonalAccessTokenSettings,
) {
  const now = sql`${request.now.toISOString()}::timestamp`;
  const table = personalAccessTokenSettings;
  const refills =
    settings.quotaRefill && settings.quotaInterval
      ? sql`floor(extract(epoch from (${now} - ${table.quotaRefilledAt})) / ${table.quotaInterval})::int`
      : sql`0`;
  const available = sql`least(${table.quota}, ${table.quotaRemaining} + ${refills} * coalesce(${table.quotaRefill}, 0))`;
  const spent = await db
    .update(table)
    .set({
      quotaRemaining: sql`${available} - 1`,
      quotaRefilledAt: sql`${table.quotaRefilledAt} + make_interval(secs => ${refills} * coalesce(${table.quotaInterval}, 0))`,
    })
    .where(and(eq(table.tokenId, request.tokenId), sql`${available} > 0`))
    .returning({ remaining: table.quotaRemaining });
  if (spent.length > 0) return;
  const headers: Record<string, string> = {};
  if (
    settings.quotaRefill &&
    settings.quotaInterval &&
    settings.quotaRefilledAt
  ) {
    const intervalMs = settings.quotaInterval * 1000;
    const since = request.now.getTime() - settings.quotaRefilledAt.getTime();
    const wait =
      intervalMs - (((since % intervalMs) + intervalMs) % intervalMs);
    headers["Retry-After"] = String(Math.max(1, Math.ceil(wait / 1000)));
  }
  throw new HttpError(429, "This token has used up its quota.", headers);
}
