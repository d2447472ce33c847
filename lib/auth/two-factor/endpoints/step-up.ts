import "server-only";
import { z } from "zod";
import { checkCredentials } from "@/lib/auth/passwords";
import { AUTH_ACTIONS } from "@/lib/contract/auth-actions";
import { endpointOf } from "@/lib/server/row-endpoint";
import { type Endpoint } from "@/lib/server/endpoint";
import { invalid } from "@/lib/http/errors";
import { parseInput } from "@/lib/validation/parse";
import { emptyReply } from "@/lib/auth/two-factor/endpoints/reply";
import {
  markPasswordConfirmed,
  sessionConfirmed,
} from "@/lib/sessions/step-up";

// Fortify's message.
const WRONG_PASSWORD = "The provided password was incorrect.";

/** POST user/confirm-password with `password` → 201 (422 on `password`); the session is confirmed for `passwords.confirm-timeout` s. */
export const confirmPassword: Endpoint = endpointOf(
  AUTH_ACTIONS["confirm-password"],
  {
    rules: () => ({ password: z.string().max(255) }),
    async run(ctx, input) {
      const user = ctx.requireUser();
      if (!(await checkCredentials(ctx, user, input.password)))
        throw invalid("password", WRONG_PASSWORD);
      await markPasswordConfirmed(ctx);
      return emptyReply(ctx, confirmPassword, 201);
    },
  },
);

/** GET user/confirmed-password-status → `{confirmed}`; `seconds` asks about a shorter window (Fortify's input). */
export const confirmedPasswordStatus = endpointOf(
  AUTH_ACTIONS["confirmed-password-status"],
  {
    async run(ctx) {
      const timeout = ctx.config.passwords["confirm-timeout"];
      const query = z.strictObject({
        seconds: z.coerce.number().int().min(1).max(timeout).optional(),
      });
      const { seconds } = parseInput(
        query,
        Object.fromEntries(ctx.url.searchParams),
      );
      return { confirmed: await sessionConfirmed(ctx, seconds) };
    },
  },
);
