import "server-only";
import { z } from "zod";
import { defineEndpoint, type Endpoint } from "@/lib/server/endpoint";
import { IGNORED_FIELDS } from "@/lib/validation/rules";
import { passChallenge } from "@/lib/auth/two-factor/challenge";
import { emptyReply } from "@/lib/auth/two-factor/endpoints/reply";

/** POST two-factor-challenge: `code` or `recovery_code` → 204 on a new session (decision record 023). */
export const twoFactorChallenge: Endpoint = defineEndpoint({
  input: () =>
    z.strictObject({
      code: z.string().max(64).nullish(),
      recovery_code: z.string().max(64).nullish(),
      ...IGNORED_FIELDS,
    }),
  async run(ctx, input) {
    await passChallenge(ctx, input);
    return emptyReply(ctx, twoFactorChallenge, 204);
  },
});
