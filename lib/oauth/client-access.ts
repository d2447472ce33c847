import "server-only";
import type { OAuthClient } from "@/db/schema";
import { notFound } from "@/lib/http/errors";
import { isAdmin } from "@/lib/policies/admin";
import type { Context } from "@/lib/server/context";
import { findClient } from "@/lib/oauth/clients";

/**
 * The one rule for who may manage a client (edit, delete, rotate its secret): its owner, or an
 * administrator for a machine client, which belongs to no user. Everyone else, another
 * administrator included (decision record 014), is told the client does not exist (404).
 */
export async function manageableClient(
  ctx: Context,
  id: string,
): Promise<OAuthClient> {
  const user = ctx.requireUser();
  const client = await findClient(ctx.db, id);
  if (!client) throw notFound();
  const isOwner = client.userId === user.id;
  if (!isOwner && !(client.userId === null && isAdmin(user, ctx.config)))
    throw notFound();
  return client;
}
