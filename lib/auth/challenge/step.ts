import "server-only";
import type { ChallengeWhen } from "@/lib/contract/auth/challenge";
import type { Context } from "@/lib/server/context";
import { invalid } from "@/lib/http/errors";
import { spendSolution } from "@/lib/auth/challenge/challenges";
import { signInNeedsChallenge } from "@/lib/auth/challenge/failures";

export const CHALLENGE_MISSING =
  "Please wait for the browser check to finish, then try again.";
export const CHALLENGE_FAILED =
  "The browser check failed or has expired. Please try again.";

/**
 * The step on the rows that declare `challenge` (decision record 108), while challenges are on.
 * It runs once the other fields passed (their 422 comes first, and a typo does not spend a
 * solution), before the limiters that count valid input only and before anything is written:
 * a missing, wrong, expired or spent solution is a 422 on `altcha`. Nothing it asks depends on
 * the account, so its answers tell nothing about one.
 */
export async function requireChallenge(
  ctx: Context,
  when: ChallengeWhen,
): Promise<void> {
  if (!ctx.config.challenge.enabled) return;
  ctx.afterValidation.push(async () => {
    if (when === "after-failures" && !(await signInNeedsChallenge(ctx))) return;
    const field = (await ctx.input()).altcha;
    if (typeof field !== "string" || field === "")
      throw invalid("altcha", CHALLENGE_MISSING);
    if (!(await spendSolution(ctx, field)))
      throw invalid("altcha", CHALLENGE_FAILED);
  });
}
