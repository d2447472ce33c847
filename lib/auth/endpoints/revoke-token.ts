import "server-only";
import { z } from "zod";
import { recordActivity } from "@/lib/audit/activity";
import { defineEndpoint } from "@/lib/server/endpoint";
import { revokeToken as revoke } from "@/lib/auth/tokens";
import { IGNORED_FIELDS } from "@/lib/validation/rules";

// Laravel's `numeric`: a number or a string of digits.
const tokenId = z.union(
  [
    z.int().positive(),
    z
      .string()
      .regex(/^\d{1,18}$/)
      .transform(Number),
  ],
  {
    error: "The :attribute field must be a number.",
  },
);

/** `{revoked}` is true only when one of the caller's own tokens was deleted. */
export const revokeToken = defineEndpoint({
  input: () => z.strictObject({ token_id: tokenId, ...IGNORED_FIELDS }),
  async run(ctx, input) {
    const user = ctx.requireUser();
    const revoked = await revoke(
      ctx.db,
      ctx.config["user-class"],
      user.id,
      input.token_id,
    );
    if (revoked)
      await recordActivity(
        ctx.db,
        {
          event: "token-revoked",
          subjectId: user.id,
          ip: ctx.ip,
          properties: { token_id: input.token_id },
        },
        ctx.now,
      );
    return { revoked };
  },
});
