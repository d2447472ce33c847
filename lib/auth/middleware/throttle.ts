import "server-only";
import type { Context } from "@/lib/server/context";
import { resolveAuth } from "@/lib/auth/guard";
import { hit, limiterKey, secondsUntil } from "@/lib/auth/rate-limit";
import { tooManyRequests } from "@/lib/http/errors";
import { runLimiter } from "@/lib/auth/limiters";

export type ThrottleArgs =
  { maxAttempts: number; decaySeconds: number } | { limiter: string };

const LIMITER_NAME = /^[a-z][a-z0-9-]*$/;

/**
 * `throttle:<max>,<minutes>` or `throttle:<limiter>`, Laravel's notations: a name refers to a
 * named limiter of the `limiters` configuration (the schema checks that it exists).
 */
export function parseThrottle(args: string[]): ThrottleArgs {
  if (args.length === 1 && LIMITER_NAME.test(args[0] ?? ""))
    return { limiter: args[0] ?? "" };
  const [max, minutes = "1", ...rest] = args;
  const maxAttempts = Number(max);
  const decayMinutes = Number(minutes);
  if (
    rest.length > 0 ||
    !Number.isInteger(maxAttempts) ||
    maxAttempts < 1 ||
    !(decayMinutes > 0)
  ) {
    throw new Error(
      "expects throttle:<max attempts>,<decay minutes> or throttle:<limiter name>",
    );
  }
  return { maxAttempts, decaySeconds: Math.round(decayMinutes * 60) };
}

/**
 * 429 with Retry-After past the limit. Counted per route and per caller: the user when one is
 * signed in, else the client address.
 */
export async function throttle(
  ctx: Context,
  args: ThrottleArgs,
): Promise<void> {
  if ("limiter" in args) return runLimiter(ctx, args.limiter);
  const auth = await resolveAuth(ctx);
  const caller = auth.user ? `user:${auth.user.id}` : `ip:${ctx.ip}`;
  const key = limiterKey(
    "throttle",
    ctx.routeName ?? "",
    args.maxAttempts,
    args.decaySeconds,
    caller,
  );
  const window = await hit(ctx.db, key, args.decaySeconds, ctx.now);
  if (window.hits > args.maxAttempts)
    throw tooManyRequests(secondsUntil(window, ctx.now));
}
