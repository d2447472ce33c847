import "server-only";
import type { Db } from "@/db/client";
import type { Context } from "@/lib/server/context";
import { invalid } from "@/lib/http/errors";
import { TEAM_TOKEN_PERMISSION, teamAbility } from "@/lib/policies/teams";
import { actForTeam } from "@/lib/teams/team-permission";

// A token made for a team (decision record 106): Sanctum's token with the ability `team:{id}`,
// which the application reads with `tokenCan`. Jetstream gives a team's member an API token's
// abilities by the role's permissions; making one for the team needs the role's `create`.

const NOT_A_TEAM = "The selected :attribute is invalid.";

/**
 * Runs `issue` with the abilities the token gets: as asked, or, for `teamId`, with `team:{id}`
 * added, holding the team's row shared so a removal applies before or after it (actForTeam).
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
  return actForTeam(
    ctx,
    userId,
    teamId,
    TEAM_TOKEN_PERMISSION,
    () => invalid("team_id", NOT_A_TEAM),
    (tx) => issue(tx as unknown as Db, [...abilities, teamAbility(teamId)]),
  );
}
