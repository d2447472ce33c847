import "server-only";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { oauthClients, oauthClientSettings } from "@/db/schema";
import type { Context } from "@/lib/server/context";
import { runInBackground } from "@/lib/server/background";
import { writeThrottle } from "@/lib/server/write-throttle";

/**
 * A client's `last_used_at` (decision record 051), kept as personal access tokens keep theirs
 * (decision record 045): never a write per request. This process writes a client's use at most
 * once per `tokens.last-used-interval-seconds`, after the response; the statement itself only
 * moves the stamp when it is older than the interval, so instances together write it about once
 * per interval. The token endpoint (the client authenticated itself) and the bearer guard (one
 * of its access tokens was used) both count as a use.
 */
const throttles = new WeakMap<
  Db,
  { intervalMs: number; throttle: ReturnType<typeof writeThrottle> }
>();

/**
 * The statement that writes the client's use, when this process owes it one (at most once per
 * interval); null otherwise. A caller with a write of its own carries it in the same statement
 * (the token endpoint's row, decision record 104); `when`, a condition that must hold too.
 */
export function dueClientUse(
  ctx: Pick<Context, "db" | "now" | "config">,
  clientId: string,
  when: SQL = sql`true`,
): SQL | null {
  const intervalMs = ctx.config.tokens["last-used-interval-seconds"] * 1000;
  let entry = throttles.get(ctx.db);
  if (entry?.intervalMs !== intervalMs) {
    entry = { intervalMs, throttle: writeThrottle(intervalMs) };
    throttles.set(ctx.db, entry);
  }
  if (!entry.throttle.claim(clientId, ctx.now.getTime())) return null;
  const at = ctx.now.toISOString();
  const due = new Date(ctx.now.getTime() - intervalMs).toISOString();
  // Selected from oauth_clients, so a client deleted meanwhile gets no row.
  return sql`
    insert into ${oauthClientSettings} (client_id, last_used_at)
    select id, ${at}::timestamp from ${oauthClients} where id = ${clientId} and ${when}
    on conflict (client_id) do update set last_used_at = excluded.last_used_at
    where ${oauthClientSettings}.last_used_at is null
      or ${oauthClientSettings}.last_used_at <= ${due}::timestamp
  `;
}

/** Writes the client's use after the response, when due. */
export function noteClientUse(
  ctx: Pick<Context, "db" | "now" | "config">,
  clientId: string,
): void {
  const statement = dueClientUse(ctx, clientId);
  if (statement)
    runInBackground("oauth client use", () => ctx.db.execute(statement));
}
