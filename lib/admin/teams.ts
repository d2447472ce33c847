import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import type { AuthConfig } from "@/lib/config/auth";
import {
  type Team,
  teamInvitations,
  teams,
  teamUser,
  users,
} from "@/db/schema";
import {
  ADMIN_TEAM,
  ADMIN_TEAM_MEMBER_DELETE,
  ADMIN_TEAM_OWNER_UPDATE,
} from "@/lib/contract/admin/teams";
import { recordActivity } from "@/lib/audit/activity";
import { invalid, notFound } from "@/lib/http/errors";
import { json } from "@/lib/http/respond";
import { userPolicy } from "@/lib/policies/user-policy";
import {
  authorize,
  currentActor,
  policyTarget,
} from "@/lib/policies/authorize";
import { requestEventDeps } from "@/lib/server/credential-ledger";
import type { Context } from "@/lib/server/context";
import { defineEndpoint } from "@/lib/server/endpoint";
import type { HostRoute } from "@/lib/server/pipeline";
import { requirePasswordConfirmation } from "@/lib/sessions/step-up";
import { presentInvitation } from "@/lib/teams/invitations";
import { presentRoles, roleInput } from "@/lib/teams/roles";
import {
  findTeam,
  membershipOf,
  presentTeam,
  routeKey,
} from "@/lib/teams/store";
import { endMembership, type Tx } from "@/lib/teams/writes";
import { findUserById } from "@/lib/users/users";
import { IGNORED_FIELDS } from "@/lib/validation/rules";

// The administrators' side of teams (decision record 106). A read is anyone's team; a change acts
// on accounts, so it follows the user policy's `manage` as every other administrator's write does
// (never one's own account, never another administrator's: lib/policies/user-policy.ts), for the
// team's owner and for the member it touches, behind the step-up, audited with the administrator
// as the causer.

async function presentForAdmin(
  db: Pick<Db, "select">,
  config: AuthConfig,
  team: Team,
) {
  const person = { id: users.id, name: users.name, email: users.email };
  const [[owner], members, invitations] = await Promise.all([
    db.select(person).from(users).where(eq(users.id, team.userId)),
    db
      .select({ ...person, role: teamUser.role })
      .from(teamUser)
      .innerJoin(users, eq(users.id, teamUser.userId))
      .where(eq(teamUser.teamId, team.id))
      .orderBy(asc(users.id)),
    db
      .select()
      .from(teamInvitations)
      .where(eq(teamInvitations.teamId, team.id))
      .orderBy(asc(teamInvitations.id)),
  ]);
  return {
    team: presentTeam(team),
    owner: owner ?? null,
    members,
    invitations: invitations.map(presentInvitation),
    availableRoles: presentRoles(config),
  };
}

/** 403 unless the administrator may manage the account `userId` (404 for none). */
async function authorizeManage(ctx: Context, tx: Tx, userId: number) {
  const { actor } = currentActor(ctx);
  const account = await findUserById(tx as unknown as Db, userId);
  if (!account) throw notFound();
  authorize(userPolicy.manage(actor, policyTarget(ctx, account)));
}

/** GET /api/admin/teams/{team}: the team, its owner, members with roles, pending invitations. */
const showTeam = defineEndpoint({
  async run(ctx) {
    return presentForAdmin(
      ctx.db,
      ctx.config,
      await findTeam(ctx.db, routeKey(ctx.params.team)),
    );
  },
});

/** DELETE /api/admin/teams/{team}/members/{user} → 204: as the owner's removal, what they held for the team ends. */
const removeTeamMember = defineEndpoint({
  async run(ctx) {
    await requirePasswordConfirmation(ctx);
    const memberId = routeKey(ctx.params.user);
    await ctx.db.transaction(async (tx) => {
      const team = await findTeam(tx, routeKey(ctx.params.team), true);
      await authorizeManage(ctx, tx, team.userId);
      await authorizeManage(ctx, tx, memberId);
      const ended = await endMembership(
        tx,
        requestEventDeps(ctx),
        team.id,
        memberId,
      );
      await recordActivity(
        tx,
        {
          event: "team-member-removed",
          subjectId: memberId,
          causerId: ctx.requireUser().id,
          ip: ctx.ip,
          properties: { team_id: team.id, role: null, ended },
        },
        ctx.now,
      );
    });
    return json(null, 204);
  },
});

/**
 * PUT /api/admin/teams/{team}/owner: a member becomes the owner (their membership row goes, as
 * Jetstream's owner has none) and the previous owner a member with `previous_owner_role`.
 * Jetstream has no such action; a personal team stays its person's (422).
 */
const transferOwnership = defineEndpoint({
  input: (config) =>
    z.strictObject({
      user_id: z.int().min(1).max(Number.MAX_SAFE_INTEGER),
      previous_owner_role: roleInput(config),
      ...IGNORED_FIELDS,
    }),
  async run(ctx, input) {
    await requirePasswordConfirmation(ctx);
    const team = await ctx.db.transaction(async (tx) => {
      const locked = await findTeam(tx, routeKey(ctx.params.team), true);
      await authorizeManage(ctx, tx, locked.userId);
      await authorizeManage(ctx, tx, input.user_id);
      if (locked.personalTeam)
        throw invalid("team", "A personal team cannot change its owner.");
      if (!(await membershipOf(tx, locked.id, input.user_id)))
        throw invalid("user_id", "The new owner must be a member of the team.");
      await tx
        .delete(teamUser)
        .where(
          and(
            eq(teamUser.teamId, locked.id),
            eq(teamUser.userId, input.user_id),
          ),
        );
      await tx.insert(teamUser).values({
        teamId: locked.id,
        userId: locked.userId,
        role: input.previous_owner_role,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      });
      const [moved] = await tx
        .update(teams)
        .set({ userId: input.user_id, updatedAt: ctx.now })
        .where(eq(teams.id, locked.id))
        .returning();
      await recordActivity(
        tx,
        {
          event: "team-ownership-transferred",
          subjectId: input.user_id,
          causerId: ctx.requireUser().id,
          ip: ctx.ip,
          properties: {
            team_id: locked.id,
            previous_owner_id: locked.userId,
            previous_owner_role: input.previous_owner_role,
          },
        },
        ctx.now,
      );
      return moved ?? locked;
    });
    return presentForAdmin(ctx.db, ctx.config, team);
  },
});

// Administrators only (the `admin` middleware, decision record 064); 404 while teams are off.
const administrators = ["auth:sanctum", "admin", "teams"];
const rules = { ability: "admin", credential: "administers" } as const;

export const ADMIN_TEAM_ROUTE: HostRoute = {
  ...ADMIN_TEAM,
  endpoint: showTeam,
  middleware: administrators,
  ...rules,
};
export const ADMIN_TEAM_MEMBER_DELETE_ROUTE: HostRoute = {
  ...ADMIN_TEAM_MEMBER_DELETE,
  endpoint: removeTeamMember,
  middleware: administrators,
  ...rules,
};
export const ADMIN_TEAM_OWNER_UPDATE_ROUTE: HostRoute = {
  ...ADMIN_TEAM_OWNER_UPDATE,
  endpoint: transferOwnership,
  middleware: administrators,
  ...rules,
};
