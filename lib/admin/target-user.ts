import "server-only";
import type { User } from "@/db/schema";
import type { Context } from "@/lib/server/context";
import { notFound } from "@/lib/http/errors";
import { findUserById } from "@/lib/users/users";

/** The `{id}` of an admin route: digits naming a user (soft-deleted ones with `withTrashed`), else 404. */
export async function routeUser(
  ctx: Context,
  options: { withTrashed: boolean },
): Promise<User> {
  const id = ctx.params.id ?? "";
  if (!/^\d{1,15}$/.test(id)) throw notFound();
  const user = await findUserById(ctx.db, Number(id), options);
  if (!user) throw notFound();
  return user;
}
