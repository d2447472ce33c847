import { z } from "zod";

const stamp = z.string().nullable();

/** `team_user` as Jetstream's `->as('membership')` pivot serializes it. */
export const membershipSchema = z.object({
  team_id: z.int(),
  user_id: z.int(),
  role: z.string().nullable(),
  created_at: stamp,
  updated_at: stamp,
});

/**
 * A team as Jetstream's model serializes it (`all_teams` of its shared `auth.user`): the owner's
 * teams without `membership`, the others with it (decision record 087).
 */
export const teamSchema = z.object({
  id: z.int(),
  user_id: z.int(),
  name: z.string(),
  personal_team: z.boolean(),
  created_at: stamp,
  updated_at: stamp,
  membership: membershipSchema.optional(),
});

export type PresentedTeam = z.output<typeof teamSchema>;

/** A pending invitation (`team_invitations`). */
export const invitationSchema = z.object({
  id: z.int(),
  team_id: z.int(),
  email: z.string(),
  role: z.string().nullable(),
  created_at: stamp,
  updated_at: stamp,
});

/**
 * A person on the team's page, as Jetstream's `TeamController::show` loads `owner` and `users`:
 * the name, the address and the photo (`profile_photo_url`: an upload of this application, or
 * null), never the rest of the account.
 */
export const teamPersonSchema = z.object({
  id: z.int(),
  name: z.string(),
  email: z.string(),
  profile_photo_url: z.string().nullable(),
});

/** A role as `Jetstream::role(…)` declares it (`availableRoles`). */
export const teamRoleSchema = z.object({
  key: z.string(),
  name: z.string(),
  permissions: z.array(z.string()),
  description: z.string(),
});

/**
 * The team's page (`teams.show`), Jetstream's props: the team with its owner, members (each with
 * `membership`) and pending invitations (to those who may invite only), the declared roles, and
 * what this viewer may do by `TEAM_POLICY` (lib/policies/teams.ts).
 */
export const teamPageSchema = z.object({
  team: teamSchema.extend({
    owner: teamPersonSchema.nullable(),
    users: z.array(teamPersonSchema.extend({ membership: membershipSchema })),
    team_invitations: z.array(invitationSchema),
  }),
  availableRoles: z.array(teamRoleSchema),
  permissions: z.object({
    canAddTeamMembers: z.boolean(),
    canDeleteTeam: z.boolean(),
    canRemoveTeamMembers: z.boolean(),
    canUpdateTeam: z.boolean(),
    canUpdateTeamMembers: z.boolean(),
  }),
});
