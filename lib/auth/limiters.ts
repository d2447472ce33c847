import "server-only";
import type { Context } from "@/lib/server/context";
import type { AuthConfig } from "@/lib/config/auth";
import { resolveAuth } from "@/lib/auth/guard";
import { hit, limiterKey, secondsUntil } from "@/lib/auth/rate-limit";
import { tooManyRequests } from "@/lib/http/errors";

/**
 * Named rate limiters (Laravel's `RateLimiter::for`), used as `throttle:<name>` in
 * `routes.middlewares`. Each rule counts requests per client address, per target email (the
 * request's `email` field) or per signed-in user, in the database, so every instance shares the
 * counts. Defaults and their reasons: README "Limits".
 */
export type LimiterRule = AuthConfig["limiters"][string][number];

/** What a rule counts by, for this request; null when the request carries nothing to count (validation answers it). */
async function subject(
  ctx: Context,
  by: LimiterRule["by"],
): Promise<string | null> {
  if (by === "ip") return `ip:${ctx.ip}`;
  if (by === "user") {
    const { user } = await resolveAuth(ctx);
    return user ? `user:${user.id}` : `ip:${ctx.ip}`;
  }
  const email = (await ctx.input()).email;
  return typeof email === "string" && email !== ""
    ? `email:${email.trim().toLowerCase()}`
    : null;
}

/** Counts the request under every rule of `name`; 429 with Retry-After when any is over its limit. */
export async function runLimiter(ctx: Context, name: string): Promise<void> {
  const rules = ctx.config.limiters[name];
  if (!rules) throw new Error(`no limiter named ${name}`);
  let retryAfter = 0;
  for (const rule of rules) {
    const counted = await subject(ctx, rule.by);
    if (!counted) continue;
    const decaySeconds = Math.round(rule.minutes * 60);
    const window = await hit(
      ctx.db,
      limiterKey("limiter", name, rule.by, rule.max, decaySeconds, counted),
      decaySeconds,
      ctx.now,
    );
    if (window.hits > rule.max)
      retryAfter = Math.max(retryAfter, secondsUntil(window, ctx.now));
  }
  if (retryAfter > 0) throw tooManyRequests(retryAfter);
}
