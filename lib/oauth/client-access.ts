import "server-only";
import type { OAuthClient } from "@/db/schema";
import { notFound } from "@/lib/http/errors";
import { isAdmin } from "@/lib/policies/admin";
import type { Context } from "@/lib/server/context";
import { findClient } from "@/lib/oauth/clients";
import { authorizeForTeamClient, owningTeam } from "@/lib/oauth/team-clients";

/**
 * The one rule for who may manage a client (edit, delete, rotate its secret): its owner, a
 * member of the team that owns it whose role grants `permission` (decision record 110; 403
 * without it), or an administrator for a machine client, which belongs to no user and no team.
 * Everyone else, another administrator included (decision record 014), is told the client does
 * not exist (404).
 */
export async function manageableClient(
  ctx: Context,
  id: string,
  permission: "update" | "delete",
): Promise<OAuthClient> {
  const user = ctx.requireUser();
  const client = await findClient(ctx.db, id);
  if (!client) throw notFound();
  const team = owningTeam(client);
  if (team !== null) {
    await authorizeForTeamClient(ctx, user.id, team, permission, notFound);
    return client;
  }
  const isOwner = client.userId === user.id;
  if (!isOwner && !(client.userId === null && isAdmin(user, ctx.config)))
    throw notFound();
  return client;
}
