import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import {
  personalAccessTokens,
  personalAccessTokenSettings,
  personalAccessTokenUsage,
} from "@/db/schema";
import { runInBackground } from "@/lib/server/background";

/**
 * A token's use is bookkeeping, not part of the request (decision record 045; Sanctum's
 * `last_used_at` deadlocks under load when written per request). Each process counts the uses of
 * a token in memory and writes them at most once per interval: the first use after a quiet
 * interval at once (after the response), the rest when the interval is over. One write sets
 * `last_used_at` only if it is older than the interval (so instances together write it about
 * once per interval), the last address and user agent, and adds the count to the hour's row.
 */
type Pending = {
  count: number;
  firstAt: Date;
  lastAt: Date;
  ip: string;
  userAgent: string;
  /** When (on the request clock, ms) this process last wrote the token's use. */
  writtenAt: number;
  timer: NodeJS.Timeout | null;
};

const perDb = new WeakMap<Db, Map<number, Pending>>();

export type TokenUse = {
  tokenId: number;
  at: Date;
  ip: string;
  userAgent: string;
  intervalSeconds: number;
};

/** Notes one use of a token; never waits for the database. */
export function recordTokenUse(db: Db, use: TokenUse): void {
  let uses = perDb.get(db);
  if (!uses) perDb.set(db, (uses = new Map()));
  let entry = uses.get(use.tokenId);
  if (!entry) {
    entry = {
      count: 0,
      firstAt: use.at,
      lastAt: use.at,
      ip: use.ip,
      userAgent: use.userAgent,
      writtenAt: Number.NEGATIVE_INFINITY,
      timer: null,
    };
    uses.set(use.tokenId, entry);
  }
  if (entry.count === 0) entry.firstAt = use.at;
  entry.count += 1;
  entry.lastAt = use.at;
  entry.ip = use.ip;
  entry.userAgent = use.userAgent.slice(0, 512);
  const intervalMs = use.intervalSeconds * 1000;
  const waitMs = entry.writtenAt + intervalMs - use.at.getTime();
  if (waitMs <= 0) {
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = null;
    entry.writtenAt = use.at.getTime();
    const batch = takeBatch(entry);
    runInBackground("token use", () =>
      writeUse(db, use.tokenId, batch, intervalMs),
    );
    return;
  }
  if (entry.timer) return;
  const pending = entry;
  pending.timer = setTimeout(() => {
    pending.timer = null;
    if (pending.count === 0) return;
    pending.writtenAt = pending.lastAt.getTime();
    const batch = takeBatch(pending);
    runInBackground("token use", () =>
      writeUse(db, use.tokenId, batch, intervalMs),
    );
  }, waitMs);
  pending.timer.unref();
}

type Batch = Pick<Pending, "count" | "firstAt" | "lastAt" | "ip" | "userAgent">;

function takeBatch(entry: Pending): Batch {
  const { count, firstAt, lastAt, ip, userAgent } = entry;
  entry.count = 0;
  return { count, firstAt, lastAt, ip, userAgent };
}

async function writeUse(
  db: Db,
  tokenId: number,
  batch: Batch,
  intervalMs: number,
) {
  const due = new Date(batch.lastAt.getTime() - intervalMs);
  const hour = new Date(
    Math.floor(batch.firstAt.getTime() / 3_600_000) * 3_600_000,
  );
  // One statement. The token's row is locked first (`tok`, which every part reads), so this
  // waits behind a roll or revoke of the same token instead of deadlocking with it, and writes
  // nothing for a token deleted meanwhile. last_used_at moves only when older than the interval
  // (instances together write it about once per interval), never backwards.
  await db.execute(sql`
    with tok as (
      select id from ${personalAccessTokens} where id = ${tokenId} for no key update
    ), touched as (
      update ${personalAccessTokens} set last_used_at = ${batch.lastAt.toISOString()}::timestamp
      from tok
      where ${personalAccessTokens}.id = tok.id
        and (last_used_at is null or last_used_at <= ${due.toISOString()}::timestamp)
      returning tok.id
    ), counted as (
      insert into ${personalAccessTokenUsage} (token_id, hour, requests)
      select id, ${hour.toISOString()}::timestamp, ${batch.count} from tok
      on conflict (token_id, hour) do update set requests = ${personalAccessTokenUsage}.requests + excluded.requests
      returning 1
    )
    insert into ${personalAccessTokenSettings} (token_id, last_used_ip, last_used_user_agent)
    select id, ${batch.ip.slice(0, 45)}, ${batch.userAgent} from tok
    on conflict (token_id) do update set last_used_ip = excluded.last_used_ip, last_used_user_agent = excluded.last_used_user_agent
  `);
}

/** Writes every use counted so far now (a test, a process about to stop). */
export async function flushTokenUses(db: Db): Promise<void> {
  const uses = perDb.get(db);
  if (!uses) return;
  for (const [tokenId, entry] of uses) {
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = null;
    if (entry.count === 0) continue;
    entry.writtenAt = entry.lastAt.getTime();
    await writeUse(db, tokenId, takeBatch(entry), 0);
  }
}

/** Forgets what this process wrote (the tables were emptied under it: tests). */
export function forgetTokenUses(db: Db): void {
  for (const entry of perDb.get(db)?.values() ?? [])
    if (entry.timer) clearTimeout(entry.timer);
  perDb.delete(db);
}
