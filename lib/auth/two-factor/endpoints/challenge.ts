import "server-only";
import { z } from "zod";
import { AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import { endpointOf } from "@/lib/server/row-endpoint";
import { type Endpoint } from "@/lib/server/endpoint";
import { passChallenge } from "@/lib/auth/two-factor/challenge";
import { emptyReply } from "@/lib/auth/two-factor/endpoints/reply";

/** POST two-factor-challenge: `code` or `recovery_code` → 204 on a new session (decision record 023). */
export const twoFactorChallenge: Endpoint = endpointOf(
  AUTH_ACTIONS["two-factor-challenge"],
  {
    rules: () => ({
      code: z.string().max(64).nullish(),
      recovery_code: z.string().max(64).nullish(),
    }),
    async run(ctx, input) {
      await passChallenge(ctx, input);
      return emptyReply(ctx, twoFactorChallenge, 204);
    },
  },
);
