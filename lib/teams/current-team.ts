import "server-only";
import { eq } from "drizzle-orm";
import { type User, users } from "@/db/schema";
import type { Context } from "@/lib/server/context";
import { allTeams } from "@/lib/teams/store";
import type { PresentedTeam } from "@/lib/contract/teams/team";

/**
 * get-auth's team fields, as Jetstream's ShareInertiaData shares `auth.user` (decision record
 * 087): `current_team_id` and `all_teams`. As `HasTeams::currentTeam`, an account with no current
 * team is switched to its personal team; a current team it no longer belongs to reads as none.
 * Nothing (and no statement) while teams are off, or for a third-party app's token.
 */
export async function teamFields(
  ctx: Context,
  user: User,
): Promise<{ current_team_id?: number | null; all_teams?: PresentedTeam[] }> {
  if (!ctx.config.teams.enabled || ctx.auth?.oauthToken?.app) return {};
  const teams = await allTeams(ctx.db, user.id);
  let current = teams.some((team) => team.id === user.currentTeamId)
    ? user.currentTeamId
    : null;
  if (current === null) {
    const personal = teams.find(
      (team) => team.personal_team && team.user_id === user.id,
    );
    if (personal) {
      current = personal.id;
      await ctx.db
        .update(users)
        .set({ currentTeamId: current })
        .where(eq(users.id, user.id));
    }
  }
  return { current_team_id: current, all_teams: teams };
}
