import "server-only";
import type { Db } from "@/db/client";
import type { OAuthClient } from "@/db/schema";
import { notFound } from "@/lib/http/errors";
import { isAdmin } from "@/lib/policies/admin";
import type { Context } from "@/lib/server/context";
import { findClient } from "@/lib/oauth/clients";
import { authorizeForTeamClient, owningTeam } from "@/lib/oauth/team-clients";

/**
 * The one rule for who may manage a client (edit, delete, rotate its secret), and the change made
 * under it: `change` runs in a transaction. Its owner, or an administrator for a machine client,
 * which belongs to no user and no team. For a team's client, a member whose role grants
 * `permission` (decision record 110; 403 without it), and the transaction holds the team's row
 * shared (`actForTeam`), as a team's other changes do: the owner removing the member or taking
 * the permission away applies before the change, which is then refused, or after it, never
 * between the check and the write. Everyone else, another administrator included (decision
 * record 014), is told the client does not exist (404).
 */
export async function manageClient<T>(
  ctx: Context,
  id: string,
  permission: "update" | "delete",
  change: (db: Db, client: OAuthClient) => Promise<T>,
): Promise<T> {
  const user = ctx.requireUser();
  const client = await findClient(ctx.db, id);
  if (!client) throw notFound();
  const team = owningTeam(client);
  if (team !== null)
    return authorizeForTeamClient(
      ctx,
      user.id,
      team,
      permission,
      notFound,
      (tx) => change(tx as unknown as Db, client),
    );
  const isOwner = client.userId === user.id;
  if (!isOwner && !(client.userId === null && isAdmin(user, ctx.config)))
    throw notFound();
  return ctx.db.transaction((tx) => change(tx as unknown as Db, client));
}
