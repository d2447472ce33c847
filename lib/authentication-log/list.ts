import "server-only";
import { desc, sql } from "drizzle-orm";
import { z } from "zod";
import { authenticationLog } from "@/db/schema";
import {
  pageRequest,
  paginationFields,
  paginator,
  parseQuery,
} from "@/lib/server/query";
import { rowsOf } from "@/lib/authentication-log/record";
import type { AuthenticationLogEntry } from "@/lib/contract/authentication-log/routes";
import { defineEndpoint } from "@/lib/server/endpoint";
import { describeAgent } from "@/lib/sessions/list";

const querySchema = z.strictObject(paginationFields);

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * GET /api/app/user/authentication-log?page=&per_page=: the signed-in user's own sign-ins,
 * failures and sign-outs, newest first (rappasoft's `authentications()`, latest `login_at`; a
 * sign-out with no sign-in of its own last). Rows a Laravel application wrote read the same.
 */
export const listOwnAuthenticationLog = defineEndpoint({
  async run(ctx) {
    const user = ctx.requireUser();
    const page = pageRequest(parseQuery(ctx, querySchema));
    const where = rowsOf(ctx.config["user-class"], user.id);
    const [rows, [counted]] = await Promise.all([
      ctx.db
        .select()
        .from(authenticationLog)
        .where(where)
        .orderBy(
          sql`${authenticationLog.loginAt} desc nulls last`,
          desc(authenticationLog.id),
        )
        .limit(page.perPage)
        .offset((page.page - 1) * page.perPage),
      ctx.db
        .select({ total: sql<number>`count(*)::int` })
        .from(authenticationLog)
        .where(where),
    ]);
    const data: AuthenticationLogEntry[] = rows.map((row) => ({
      id: row.id,
      ip_address: row.ipAddress,
      ...describeAgent(row.userAgent),
      login_at: iso(row.loginAt),
      login_successful: row.loginSuccessful,
      logout_at: iso(row.logoutAt),
      cleared_by_user: row.clearedByUser,
      location: row.location ?? null,
    }));
    return paginator(data, counted?.total ?? 0, page);
  },
});
