import { z } from "zod";
import { hostContract, noBody } from "@/lib/contract/route-contract";
import {
  invitationSchema,
  teamRoleSchema,
  teamSchema,
} from "@/lib/contract/teams/team";

// The administrators' side of teams (decision record 106): one team's people, a member removed,
// the ownership handed to a member.

const person = z.object({
  id: z.int(),
  name: z.string(),
  email: z.string(),
});

/**
 * A team as an administrator sees it: its owner, its members with their roles, its invitations,
 * and the declared roles (the previous owner's role is one of them when the team changes hands).
 */
export const adminTeamSchema = z.object({
  team: teamSchema,
  owner: person.nullable(),
  members: z.array(person.extend({ role: z.string().nullable() })),
  invitations: z.array(invitationSchema),
  availableRoles: z.array(teamRoleSchema),
});

export const ADMIN_TEAM = hostContract({
  name: "api.admin.teams.show",
  path: "/api/admin/teams/{team}",
  method: "GET",
  output: adminTeamSchema,
});
export const ADMIN_TEAM_MEMBER_DELETE = hostContract({
  name: "api.admin.teams.members.destroy",
  path: "/api/admin/teams/{team}/members/{user}",
  method: "DELETE",
  output: noBody(204),
});
export const ADMIN_TEAM_OWNER_UPDATE = hostContract({
  name: "api.admin.teams.owner.update",
  path: "/api/admin/teams/{team}/owner",
  method: "PUT",
  input: z.object({ user_id: z.int(), previous_owner_role: z.string() }),
  output: adminTeamSchema,
});
