import { z } from "zod";
import { teamSchema } from "@/lib/contract/teams/team";

/** An ISO 8601 time, or null when unset. */
export const stamp = z.string().nullable();

/**
 * A user as the API presents one (contract §2; `presentUser`, lib/users/users.ts). `payload` is an
 * object or JSON text. get-auth and the profile routes add the address awaiting confirmation
 * (`pending_email`) and, as Jetstream appends it to the model, `two_factor_enabled`
 * (decision record 023).
 */
export const userSchema = z.object({
  id: z.int(),
  name: z.string(),
  email: z.string(),
  email_verified_at: stamp,
  payload: z.union([z.record(z.string(), z.unknown()), z.string()]).nullable(),
  created_at: stamp,
  updated_at: stamp,
  pending_email: z.string().nullable().optional(),
  two_factor_enabled: z.boolean().optional(),
  // With teams on, get-auth's user as Jetstream shares it (decision record 087).
  current_team_id: z.int().nullable().optional(),
  all_teams: z.array(teamSchema).optional(),
});

export type User = z.output<typeof userSchema>;

/** `{success, user}`: the answer of a sign-in and of a change to the profile. */
export const signedInSchema = z.object({
  success: z.boolean(),
  user: userSchema,
});

/** `{success}` alone (logout, a delete, a retry). */
export const successSchema = z.object({ success: z.boolean() });

/** `{success, message}`: a change the screen confirms with the server's words. */
export const doneSchema = z.object({
  success: z.boolean(),
  message: z.string(),
});
