import "server-only";
import { eq } from "drizzle-orm";
import { type Team, teams } from "@/db/schema";
import type { AuthConfig } from "@/lib/config/auth";
import { forbidden } from "@/lib/http/errors";
import { belongsToTeam, hasTeamPermission } from "@/lib/policies/teams";
import type { Context } from "@/lib/server/context";
import { standingIn } from "@/lib/teams/store";
import type { Tx } from "@/lib/teams/writes";

/**
 * Runs `run` for `userId` acting for `teamId` with `permission` (`hasTeamPermission`), inside a
 * transaction that holds the team's row shared. Removing a member or deleting the team locks that
 * row for update (lib/teams/member-endpoints.ts, team-endpoints.ts), so either applies before or
 * after `run`, never in between: a credential made first is ended by the removal, one asked after
 * it finds no membership (decision records 106, 110). Throws `notMember()` with teams off or for
 * someone outside the team, 403 for a member whose role lacks the permission.
 */
export function actForTeam<T>(
  ctx: { db: Context["db"]; config: AuthConfig },
  userId: number,
  teamId: number,
  permission: string,
  notMember: () => Error,
  run: (tx: Tx, team: Team) => Promise<T>,
): Promise<T> {
  if (!ctx.config.teams.enabled) throw notMember();
  return ctx.db.transaction(async (tx) => {
    const [team] = await tx
      .select()
      .from(teams)
      .where(eq(teams.id, teamId))
      .for("share");
    const standing = team
      ? await standingIn(tx, team, userId)
      : ({ kind: "none" } as const);
    if (!team || !belongsToTeam(standing)) throw notMember();
    if (!hasTeamPermission(standing, ctx.config.teams.roles, permission))
      throw forbidden();
    return run(tx, team);
  });
}
