import "server-only";
import {
  and,
  asc,
  count,
  gt,
  ilike,
  isNotNull,
  isNull,
  or,
  type SQL,
} from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { type User, users } from "@/db/schema";
import type { PageRequest } from "@/lib/server/query";

/** The filters of the admin user listing and its export. */
export const userFilterFields = {
  search: z.string().max(255).nullish(),
  status: z.enum(["active", "trashed", "all"]).nullish(),
};

export type UserFilters = {
  search?: string | null;
  status?: "active" | "trashed" | "all" | null;
};

/** `%`, `_` and the escape character itself match literally (PostgreSQL's default LIKE escape is `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Name or email contains `search`, case-insensitively; `status` defaults to active (not soft-deleted). */
function userWhere(filters: UserFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  const status = filters.status ?? "active";
  if (status === "active") conditions.push(isNull(users.deletedAt));
  if (status === "trashed") conditions.push(isNotNull(users.deletedAt));
  if (filters.search) {
    const pattern = `%${escapeLike(filters.search)}%`;
    conditions.push(
      or(ilike(users.name, pattern), ilike(users.email, pattern)),
    );
  }
  return and(...conditions);
}

/** One page of matching users (oldest account first) and how many match in all. */
export async function searchUsers(
  db: Db,
  filters: UserFilters,
  page: PageRequest,
): Promise<{ rows: User[]; total: number }> {
  const where = userWhere(filters);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.id))
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** The next `size` matching users after id `afterId` (keyset pages, for exports of any length). */
export function usersAfter(
  db: Db,
  filters: UserFilters,
  afterId: number,
  size: number,
): Promise<User[]> {
  return db
    .select()
    .from(users)
    .where(and(userWhere(filters), gt(users.id, afterId)))
    .orderBy(asc(users.id))
    .limit(size);
}
