import { z } from "zod";
import { hostContract } from "@/lib/contract/route-contract";
import { successSchema } from "@/lib/contract/users/user";
import {
  invitationSchema,
  membershipSchema,
  teamPageSchema,
  teamSchema,
} from "@/lib/contract/teams/team";

// Jetstream's team routes, at its paths (routes/inertia.php; decision record 087). A browser gets
// Jetstream's redirects; a JSON request these bodies.
const teamAnswer = z.object({ success: z.boolean(), team: teamSchema });

export const CREATE_TEAM_CONTRACT = hostContract({
  name: "teams.store",
  path: "/teams",
  method: "POST",
  input: z.object({ name: z.string() }),
  output: teamAnswer,
});
export const SHOW_TEAM_CONTRACT = hostContract({
  name: "teams.show",
  path: "/teams/{team}",
  method: "GET",
  output: teamPageSchema,
});
export const UPDATE_TEAM_CONTRACT = hostContract({
  name: "teams.update",
  path: "/teams/{team}",
  method: "PUT",
  input: z.object({ name: z.string() }),
  output: teamAnswer,
});
export const DELETE_TEAM_CONTRACT = hostContract({
  name: "teams.destroy",
  path: "/teams/{team}",
  method: "DELETE",
  output: successSchema,
});
export const SWITCH_TEAM_CONTRACT = hostContract({
  name: "current-team.update",
  path: "/current-team",
  method: "PUT",
  input: z.object({ team_id: z.int() }),
  output: z.object({ success: z.boolean(), current_team_id: z.int() }),
});
export const ADD_MEMBER_CONTRACT = hostContract({
  name: "team-members.store",
  path: "/teams/{team}/members",
  method: "POST",
  input: z.object({ email: z.string(), role: z.string() }),
  output: z.object({
    success: z.boolean(),
    invitation: invitationSchema.optional(),
    membership: membershipSchema.optional(),
  }),
});
export const UPDATE_MEMBER_CONTRACT = hostContract({
  name: "team-members.update",
  path: "/teams/{team}/members/{user}",
  method: "PUT",
  input: z.object({ role: z.string() }),
  output: z.object({ success: z.boolean(), membership: membershipSchema }),
});
export const REMOVE_MEMBER_CONTRACT = hostContract({
  name: "team-members.destroy",
  path: "/teams/{team}/members/{user}",
  method: "DELETE",
  output: successSchema,
});
export const ACCEPT_INVITATION_CONTRACT = hostContract({
  name: "team-invitations.accept",
  path: "/team-invitations/{invitation}",
  method: "GET",
  output: teamAnswer,
});
export const CANCEL_INVITATION_CONTRACT = hostContract({
  name: "team-invitations.destroy",
  path: "/team-invitations/{invitation}",
  method: "DELETE",
  output: successSchema,
});
