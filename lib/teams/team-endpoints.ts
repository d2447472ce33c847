import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { teams, users } from "@/db/schema";
import { requestEventDeps } from "@/lib/server/credential-ledger";
import { defineEndpoint } from "@/lib/server/endpoint";
import { forbidden, invalid } from "@/lib/http/errors";
import { belongsToTeam, TEAM_POLICY } from "@/lib/policies/teams";
import { IGNORED_FIELDS } from "@/lib/validation/rules";
import { back, toHome } from "@/lib/teams/answer";
import { teamName } from "@/lib/teams/roles";
import { findTeam, presentTeam, routeKey, standingIn } from "@/lib/teams/store";
import { createOwnedTeam, purgeTeam } from "@/lib/teams/writes";

// Jetstream's CreateTeam, UpdateTeamName, DeleteTeam (with ValidateTeamDeletion) and
// CurrentTeamController (decision record 087).

/** POST /teams: the caller owns the new team and switches to it. */
export const createTeam = defineEndpoint({
  input: () => z.strictObject({ name: teamName, ...IGNORED_FIELDS }),
  async run(ctx, input) {
    const user = ctx.requireUser();
    const team = await ctx.db.transaction((tx) =>
      createOwnedTeam(
        tx,
        { causerId: null, ip: ctx.ip, now: ctx.now },
        user.id,
        input.name,
      ),
    );
    return toHome(ctx, { success: true, team: presentTeam(team) });
  },
});

/** PUT /teams/{team}: its owner renames it (back, 303). */
export const updateTeam = defineEndpoint({
  input: () => z.strictObject({ name: teamName, ...IGNORED_FIELDS }),
  async run(ctx, input) {
    const user = ctx.requireUser();
    const team = await findTeam(ctx.db, routeKey(ctx.params.team));
    if (!TEAM_POLICY.update(await standingIn(ctx.db, team, user.id)))
      throw forbidden();
    const [updated] = await ctx.db
      .update(teams)
      .set({ name: input.name, updatedAt: ctx.now })
      .where(eq(teams.id, team.id))
      .returning();
    return back(ctx, { success: true, team: presentTeam(updated ?? team) });
  },
});

/**
 * DELETE /teams/{team}: its owner deletes it (`Team::purge`): nobody keeps it as the current team,
 * the memberships go, the invitations with it (their foreign key). Never a personal team.
 */
export const deleteTeam = defineEndpoint({
  async run(ctx) {
    const user = ctx.requireUser();
    const id = routeKey(ctx.params.team);
    await ctx.db.transaction(async (tx) => {
      const team = await findTeam(tx, id, true);
      if (!TEAM_POLICY.delete(await standingIn(tx, team, user.id)))
        throw forbidden();
      if (team.personalTeam)
        throw invalid("team", "You may not delete your personal team.");
      await purgeTeam(
        tx,
        { causerId: null, ip: ctx.ip, now: ctx.now },
        team,
        user.id,
        requestEventDeps(ctx),
      );
    });
    return toHome(ctx, { success: true });
  },
});

/** PUT /current-team: `HasTeams::switchTeam`, 403 for a team the caller is not on (303 home). */
export const switchTeam = defineEndpoint({
  input: () => z.strictObject({ team_id: z.int().min(1), ...IGNORED_FIELDS }),
  async run(ctx, input) {
    const user = ctx.requireUser();
    const team = await findTeam(ctx.db, input.team_id);
    if (!belongsToTeam(await standingIn(ctx.db, team, user.id)))
      throw forbidden();
    await ctx.db
      .update(users)
      .set({ currentTeamId: team.id })
      .where(eq(users.id, user.id));
    return toHome(ctx, { success: true, current_team_id: team.id }, 303);
  },
});
