import "server-only";
import type { User } from "@/db/schema";
import type { Context } from "@/lib/server/context";
import { invalid } from "@/lib/http/errors";
import { hasTwoFactor } from "@/lib/auth/two-factor/account";
import {
  type ChallengeInput,
  verifySecondFactor,
} from "@/lib/auth/two-factor/challenge";

const CODE_REQUIRED =
  "A two-factor authentication code is required for this account.";

/**
 * create-token with `email` and `password` for an account with a second factor (decision record
 * 023): `code` or `recovery_code` too, under the same single use, attempt counting and lockout as
 * the challenge; 422 on `code` without one. The account's own signed-in session is exempt: it
 * passed the challenge, and the request carries the password (decision record 045).
 */
export async function requireSecondFactor(
  ctx: Context,
  user: User,
  input: ChallengeInput,
): Promise<void> {
  if (!hasTwoFactor(user)) return;
  if ((await ctx.session.user())?.id === user.id) return;
  if (!input.code && !input.recovery_code) throw invalid("code", CODE_REQUIRED);
  await verifySecondFactor(ctx, user, input);
}
