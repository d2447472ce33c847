import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { teams } from "@/db/schema";
import type { Context } from "@/lib/server/context";
import { forbidden, invalid } from "@/lib/http/errors";
import {
  belongsToTeam,
  hasTeamPermission,
  teamAbility,
} from "@/lib/policies/teams";
import { standingIn } from "@/lib/teams/store";

// A token made for a team (decision record 106): Sanctum's token with the ability `team:{id}`,
// which the application reads with `tokenCan`. Jetstream gives a team's member an API token's
// abilities by the role's permissions; making one for the team needs the role's `create`.

/** The permission of a member's role that lets them make a token for the team. */
export const TEAM_TOKEN_PERMISSION = "create";

const NOT_A_TEAM = "The selected :attribute is invalid.";

/**
 * Runs `issue` with the abilities the token gets: as asked, or, for `teamId`, with `team:{id}`
 * added, inside a transaction that holds the team's row shared. Removing a member locks that row
 * for update (lib/teams/member-endpoints.ts), so a removal and this request apply one after the
 * other: a token made first is ended by the removal, one asked after it is refused.
 * A team that is not the user's, or with teams off, is a 422 on `team_id`; a member whose role
 * lacks `create`, a 403.
 */
export async function issueForTeam<T>(
  ctx: Context,
  userId: number,
  teamId: number | null | undefined,
  abilities: string[],
  issue: (db: Db, abilities: string[]) => Promise<T>,
): Promise<T> {
  if (teamId == null) return issue(ctx.db, abilities);
  if (!ctx.config.teams.enabled) throw invalid("team_id", NOT_A_TEAM);
  return ctx.db.transaction(async (tx) => {
    const [team] = await tx
      .select()
      .from(teams)
      .where(eq(teams.id, teamId))
      .for("share");
    const standing = team
      ? await standingIn(tx, team, userId)
      : ({ kind: "none" } as const);
    if (!belongsToTeam(standing)) throw invalid("team_id", NOT_A_TEAM);
    if (
      !hasTeamPermission(
        standing,
        ctx.config.teams.roles,
        TEAM_TOKEN_PERMISSION,
      )
    )
      throw forbidden();
    return issue(tx as unknown as Db, [...abilities, teamAbility(teamId)]);
  });
}
