import "server-only";
import type { Context } from "@/lib/server/context";
import { hitStatement, hitsSoFar, limiterKey } from "@/lib/auth/rate-limit";

// Failed sign-ins per client address, the count after which login asks for a challenge too
// (decision record 108): in rate_limits, so every instance counts the same failures.

const failureKey = (ctx: Context) => limiterKey("sign-in-failures", ctx.ip);

/** The statement counting one failed sign-in from the caller's address; none while challenges are off. */
export function signInFailureStatements(ctx: Context) {
  const { challenge } = ctx.config;
  if (!challenge.enabled) return [];
  const seconds = challenge["failure-minutes"] * 60;
  return [hitStatement(ctx.db, failureKey(ctx), seconds, ctx.now)];
}

/** Whether the caller's address has failed to sign in often enough that login asks for a challenge. */
export async function signInNeedsChallenge(ctx: Context): Promise<boolean> {
  const after = ctx.config.challenge["sign-in-after-failures"];
  return (
    after === 0 || (await hitsSoFar(ctx.db, failureKey(ctx), ctx.now)) >= after
  );
}
