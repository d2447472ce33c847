import "server-only";
import { z } from "zod";
import { validResetRow } from "@/lib/auth/password-reset";
import { defineEndpoint } from "@/lib/server/endpoint";
import { findUserByEmail } from "@/lib/users/users";
import { email, IGNORED_FIELDS } from "@/lib/validation/rules";

/**
 * Whether a reset link works, without consuming it (decision record 090). An unknown address
 * answers as a wrong or used token does: `valid: false` tells no more than the link itself did.
 */
export const checkResetLink = defineEndpoint({
  input: () =>
    z.strictObject({
      token: z.string().max(255),
      email: email(),
      ...IGNORED_FIELDS,
    }),
  async run(ctx, input) {
    const user = await findUserByEmail(ctx.db, input.email);
    const row = user && (await validResetRow(ctx, user.email, input.token));
    return { valid: Boolean(row) };
  },
});
