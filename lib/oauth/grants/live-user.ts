import "server-only";
import { sql } from "drizzle-orm";
import { users } from "@/db/schema";

/**
 * A grant's condition that its user is alive (not deleted, nor awaiting the purge), asked in the
 * statement that claims the code or rotates the token (decision record 082). The ledger revokes
 * a deleted account's grants already; this also holds for rows another writer left, a Laravel
 * application's on the same database.
 */
export const userAlive = (userId: number) =>
  sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.deletedAt} is null)`;
