import "server-only";
import { z } from "zod";
import { presentAdminUser } from "@/lib/admin/admin-user";
import {
  pageRequest,
  paginationFields,
  paginator,
  parseQuery,
} from "@/lib/server/query";
import { searchUsers, userFilterFields } from "@/lib/admin/user-search";
import { teamsOfUsers } from "@/lib/admin/user-teams";
import { defineEndpoint } from "@/lib/server/endpoint";
import { currentActor } from "@/lib/policies/authorize";

const querySchema = z.strictObject({
  ...userFilterFields,
  ...paginationFields,
});

/** GET /api/admin/users?search=&status=&page=&per_page= (administrators: the route's `admin` middleware). */
export const listUsers = defineEndpoint({
  async run(ctx) {
    const { user, actor } = currentActor(ctx);
    const query = parseQuery(ctx, querySchema);
    const page = pageRequest(query);
    const { rows, total } = await searchUsers(ctx.db, query, page);
    const data = await Promise.all(
      rows.map((row) => presentAdminUser(ctx, user, actor, row)),
    );
    // Each user's teams and roles, with teams on (decision record 106).
    if (!ctx.config.teams.enabled) return paginator(data, total, page);
    const teamsOf = await teamsOfUsers(
      ctx.db,
      rows.map((row) => row.id),
    );
    return paginator(
      data.map((row) => ({ ...row, teams: teamsOf.get(row.id) ?? [] })),
      total,
      page,
    );
  },
});
