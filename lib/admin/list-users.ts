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
    return paginator(data, total, page);
  },
});
