import "server-only";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { type Team, teamUser } from "@/db/schema";
import { recordActivity } from "@/lib/audit/activity";
import type { Context } from "@/lib/server/context";
import { requestEventDeps } from "@/lib/server/credential-ledger";
import { defineEndpoint } from "@/lib/server/endpoint";
import { forbidden, invalid, notFound } from "@/lib/http/errors";
import { TEAM_POLICY } from "@/lib/policies/teams";
import { email, IGNORED_FIELDS } from "@/lib/validation/rules";
import { findUserByEmail } from "@/lib/users/users";
import { back, toHome } from "@/lib/teams/answer";
import {
  invitationTo,
  invite,
  presentInvitation,
} from "@/lib/teams/invitations";
import { roleInput } from "@/lib/teams/roles";
import {
  findTeam,
  MEMBERSHIP_COLUMNS,
  presentMembership,
  routeKey,
  standingIn,
} from "@/lib/teams/store";
import {
  addMembership,
  endMembership,
  refuseAddition,
  type Tx,
} from "@/lib/teams/writes";

// Jetstream's InviteTeamMember / AddTeamMember, UpdateTeamMemberRole and RemoveTeamMember
// (decision record 087). Each runs in a transaction holding the team's row, so two owners'
// requests at once are applied one after the other, and the limits are counted under the lock.

/** The team, locked, when the caller may `ability` it; 404 for no team, 403 otherwise. */
async function lockTeamFor(
  ctx: Context,
  tx: Tx,
  ability: "addTeamMember" | "updateTeamMember",
): Promise<Team> {
  const team = await findTeam(tx, routeKey(ctx.params.team), true);
  const standing = await standingIn(tx, team, ctx.requireUser().id);
  if (!TEAM_POLICY[ability](standing)) throw forbidden();
  return team;
}

/** POST /teams/{team}/members: an invitation mailed (or, without invitations, the account added). */
export const addMember = defineEndpoint({
  input: (config) =>
    z.strictObject({
      email: email(),
      role: roleInput(config),
      ...IGNORED_FIELDS,
    }),
  async run(ctx, input) {
    const limits = ctx.config.teams;
    const answer = await ctx.db.transaction(async (tx) => {
      const team = await lockTeamFor(ctx, tx, "addTeamMember");
      const counts = await refuseAddition(
        tx,
        team,
        input.email,
        limits["max-members"],
      );
      if (!limits.invitations) {
        const user = await findUserByEmail(tx as unknown as Db, input.email);
        if (!user)
          throw invalid(
            "email",
            "We were unable to find a registered user with this email address.",
          );
        const membership = await addMembership(
          tx,
          { causerId: ctx.requireUser().id, ip: ctx.ip, now: ctx.now },
          team,
          user.id,
          input.role,
        );
        return { membership: presentMembership(membership) };
      }
      if (await invitationTo(tx, team.id, input.email))
        throw invalid(
          "email",
          "This user has already been invited to the team.",
        );
      if (counts.invitations >= limits["max-pending-invitations"])
        throw invalid("email", "This team has too many pending invitations.");
      const invitation = await invite(ctx, tx, team, input.email, input.role);
      await audit(ctx, tx, "team-member-invited", null, team, input.role, {
        invitation_id: invitation.id,
      });
      return { invitation: presentInvitation(invitation) };
    });
    ctx.services.wakeMailWorker();
    return back(ctx, { success: true, ...answer });
  },
});

/** PUT /teams/{team}/members/{user}: the owner gives a member another role. */
export const updateMemberRole = defineEndpoint({
  input: (config) =>
    z.strictObject({ role: roleInput(config), ...IGNORED_FIELDS }),
  async run(ctx, input) {
    const memberId = routeKey(ctx.params.user);
    const membership = await ctx.db.transaction(async (tx) => {
      const team = await lockTeamFor(ctx, tx, "updateTeamMember");
      const [updated] = await tx
        .update(teamUser)
        .set({ role: input.role, updatedAt: ctx.now })
        .where(and(eq(teamUser.teamId, team.id), eq(teamUser.userId, memberId)))
        .returning(MEMBERSHIP_COLUMNS);
      if (!updated) throw notFound();
      await audit(ctx, tx, "team-member-updated", memberId, team, input.role);
      return updated;
    });
    return back(ctx, {
      success: true,
      membership: presentMembership(membership),
    });
  },
});

/**
 * DELETE /teams/{team}/members/{user}: the owner removes a member, or a member leaves; the owner
 * never leaves their own team. Whoever worked in the team no longer does.
 */
export const removeMember = defineEndpoint({
  async run(ctx) {
    const caller = ctx.requireUser();
    const memberId = routeKey(ctx.params.user);
    await ctx.db.transaction(async (tx) => {
      const team = await findTeam(tx, routeKey(ctx.params.team), true);
      const standing = await standingIn(tx, team, caller.id);
      if (!TEAM_POLICY.removeTeamMember(standing) && caller.id !== memberId)
        throw forbidden();
      if (memberId === team.userId)
        throw invalid("team", "You may not leave a team that you created.");
      const ended = await endMembership(
        tx,
        requestEventDeps(ctx),
        team.id,
        memberId,
      );
      await audit(ctx, tx, "team-member-removed", memberId, team, null, {
        ended,
      });
    });
    return caller.id === memberId
      ? toHome(ctx, { success: true })
      : back(ctx, { success: true });
  },
});

/** The activity log's entry of a change to a team's people (decision record 087). */
export function audit(
  ctx: Context,
  tx: Pick<Db, "insert">,
  event:
    | "team-member-added"
    | "team-member-invited"
    | "team-member-updated"
    | "team-member-removed"
    | "team-invitation-cancelled",
  subjectId: number | null,
  team: Team,
  role: string | null,
  extra: Record<string, unknown> = {},
): Promise<void> {
  return recordActivity(
    tx,
    {
      event,
      subjectId,
      causerId: ctx.auth?.user?.id ?? null,
      ip: ctx.ip,
      properties: { team_id: team.id, role, ...extra },
    },
    ctx.now,
  );
}
