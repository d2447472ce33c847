import "server-only";
import { and, isNull, lt, or } from "drizzle-orm";
import type { Db } from "@/db/client";
import { authenticationLog } from "@/db/schema";
import { daysBefore } from "@/lib/server/feature";

/**
 * Deletes the sign-in history older than `days` (rappasoft/laravel-authentication-log's
 * `authentication-log:purge`, by `login_at`); a sign-out's row of its own, with no `login_at`, goes
 * by its `logout_at`. Returns how many rows went.
 */
export async function pruneAuthenticationLog(
  db: Db,
  days: number,
  now: Date,
): Promise<number> {
  const cutoff = daysBefore(now, days);
  const gone = await db
    .delete(authenticationLog)
    .where(
      or(
        lt(authenticationLog.loginAt, cutoff),
        and(
          isNull(authenticationLog.loginAt),
          lt(authenticationLog.logoutAt, cutoff),
        ),
      ),
    )
    .returning({ id: authenticationLog.id });
  return gone.length;
}
