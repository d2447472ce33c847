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
