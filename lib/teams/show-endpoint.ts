import "server-only";
import { asc, eq } from "drizzle-orm";
import { teamInvitations, teamUser, type User, users } from "@/db/schema";
import { forbidden } from "@/lib/http/errors";
import { TEAM_POLICY } from "@/lib/policies/teams";
import { endpointOf } from "@/lib/server/row-endpoint";
import { isUploadUri } from "@/lib/uploads/upload-uri";
import { presentInvitation } from "@/lib/teams/invitations";
import { presentRoles } from "@/lib/teams/roles";
import { SHOW_TEAM_CONTRACT } from "@/lib/contract/teams/routes";
import {
  findTeam,
  MEMBERSHIP_COLUMNS,
  presentMembership,
  presentTeam,
  routeKey,
  standingIn,
} from "@/lib/teams/store";

/** The photo a screen may show: only an upload of this application (as lib/client/avatar.ts reads it). */
function photoOf(payload: User["payload"] | string): string | null {
  let data: unknown = payload;
  if (typeof data === "string") {
    try {
      data = JSON.parse(data);
    } catch {
      return null;
    }
  }
  const avatar = (data as { avatar?: unknown } | null)?.avatar;
  return isUploadUri(avatar) ? avatar : null;
}

const PERSON = {
  id: users.id,
  name: users.name,
  email: users.email,
  payload: users.payload,
};

const presentPerson = ({
  payload,
  ...person
}: {
  id: number;
  name: string;
  email: string;
  payload: User["payload"];
}) => ({ ...person, profile_photo_url: photoOf(payload) });

/**
 * GET /teams/{team}: Jetstream's `TeamController::show` as JSON, for its members (`TEAM_POLICY.view`;
 * 403 otherwise, 404 for no team). The screen offers what `permissions` says, which is the same
 * policy the writes check; the pending invitations go only to whoever may add members.
 */
export const showTeam = endpointOf(SHOW_TEAM_CONTRACT, {
  async run(ctx) {
    const viewer = ctx.requireUser();
    const team = await findTeam(ctx.db, routeKey(ctx.params.team));
    const standing = await standingIn(ctx.db, team, viewer.id);
    if (!TEAM_POLICY.view(standing)) throw forbidden();
    const permissions = {
      canAddTeamMembers: TEAM_POLICY.addTeamMember(standing),
      canDeleteTeam: TEAM_POLICY.delete(standing),
      canRemoveTeamMembers: TEAM_POLICY.removeTeamMember(standing),
      canUpdateTeam: TEAM_POLICY.update(standing),
      canUpdateTeamMembers: TEAM_POLICY.updateTeamMember(standing),
    };
    const [owners, members, invitations] = await Promise.all([
      ctx.db.select(PERSON).from(users).where(eq(users.id, team.userId)),
      ctx.db
        .select({ person: PERSON, membership: MEMBERSHIP_COLUMNS })
        .from(teamUser)
        .innerJoin(users, eq(users.id, teamUser.userId))
        .where(eq(teamUser.teamId, team.id))
        .orderBy(asc(users.name), asc(users.id)),
      permissions.canAddTeamMembers
        ? ctx.db
            .select()
            .from(teamInvitations)
            .where(eq(teamInvitations.teamId, team.id))
            .orderBy(asc(teamInvitations.id))
        : Promise.resolve([]),
    ]);
    // No foreign key holds `teams.user_id` (Jetstream's migration has none), and a purged
    // owner's teams stay (decision record 087, "Not done here"): such a team has no owner to show.
    const owner = owners[0];
    return {
      team: {
        ...presentTeam(team),
        owner: owner ? presentPerson(owner) : null,
        users: members.map((row) => ({
          ...presentPerson(row.person),
          membership: presentMembership(row.membership),
        })),
        team_invitations: invitations.map(presentInvitation),
      },
      availableRoles: presentRoles(ctx.config),
      permissions,
    };
  },
});
