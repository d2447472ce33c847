import "server-only";
import { z } from "zod";
import type { User } from "@/db/schema";
import { csvRow } from "@/lib/admin/csv";
import { parseQuery } from "@/lib/server/query";
import {
  type UserFilters,
  userFilterFields,
  usersAfter,
} from "@/lib/admin/user-search";
import type { Context } from "@/lib/server/context";
import { defineEndpoint } from "@/lib/server/endpoint";

const querySchema = z.strictObject(userFilterFields);
const COLUMNS = [
  "id",
  "name",
  "email",
  "email_verified_at",
  "created_at",
  "deleted_at",
];
const BATCH_SIZE = 500;

const toRow = (user: User) =>
  csvRow([
    user.id,
    user.name,
    user.email,
    user.emailVerifiedAt?.toISOString(),
    user.createdAt?.toISOString(),
    user.deletedAt?.toISOString(),
  ]);

/** The CSV, read in keyset batches as the client consumes it: memory stays flat for any table size. */
function csvStream(
  ctx: Context,
  filters: UserFilters,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let lastId = 0;
  let headerSent = false;
  return new ReadableStream({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvRow(COLUMNS)));
        return;
      }
      const batch = await usersAfter(ctx.db, filters, lastId, BATCH_SIZE);
      if (batch.length > 0)
        controller.enqueue(encoder.encode(batch.map(toRow).join("")));
      lastId = batch.at(-1)?.id ?? lastId;
      if (batch.length < BATCH_SIZE) controller.close();
    },
  });
}

/** GET /api/admin/users/export?search=&status= (administrators: the route's `admin` middleware): `users.csv`. */
export const exportUsers = defineEndpoint({
  async run(ctx) {
    const filters = parseQuery(ctx, querySchema);
    return new Response(csvStream(ctx, filters), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="users.csv"',
        "Cache-Control": "no-store, private",
        "X-Content-Type-Options": "nosniff",
      },
    });
  },
});
