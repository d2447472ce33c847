import "server-only";
import type { Context } from "@/lib/server/context";
import type { AuthConfig } from "@/lib/config/auth";
import { resolveAuth } from "@/lib/auth/guard";
import {
  hit,
  limiterKey,
  openWindow,
  secondsUntil,
} from "@/lib/auth/rate-limit";
import { tooManyRequests } from "@/lib/http/errors";

/**
 * Named rate limiters (Laravel's `RateLimiter::for`), used as `throttle:<name>` in
 * `routes.middlewares`. Each rule counts requests per client address, per target email (the
 * request's `email` field) or per signed-in user, in the database, so every instance shares the
 * counts. Defaults and their reasons: docs/configuration.md "Limits".
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

/**
 * Counts one request under one rule: the seconds until its window closes when it is over the
 * limit, else 0. An endpoint that carries its limiters' counts in its own statement gets this
 * one left in `ctx.carriedHits` instead (decision record 104): 0 now, judged with its statement.
 */
async function count(
  ctx: Context,
  name: string,
  rule: LimiterRule,
  counted: string,
): Promise<number> {
  const decaySeconds = Math.round(rule.minutes * 60);
  const key = limiterKey(
    "limiter",
    name,
    rule.by,
    rule.max,
    decaySeconds,
    counted,
  );
  const readOnly = rule["refused-only"] === true;
  const send = async () => {
    const window = await hit(ctx.db, key, decaySeconds, ctx.now);
    return window.hits > rule.max ? secondsUntil(window, ctx.now) : 0;
  };
  // A `refused-only` rule (decision record 116) reads its window now, and past the limit the
  // request is refused; the pipeline counts it only when the request is refused.
  const read = async () => {
    const window = await openWindow(ctx.db, key, ctx.now);
    return window && window.hits >= rule.max
      ? secondsUntil(window, ctx.now)
      : 0;
  };
  if (readOnly)
    ctx.onRefusal.push(async () => {
      await hit(ctx.db, key, decaySeconds, ctx.now);
    });
  const judge = readOnly ? read : send;
  if (!ctx.carriedHits) return judge();
  ctx.carriedHits.push({
    key,
    decaySeconds,
    max: rule.max,
    readOnly,
    count: judge,
  });
  return 0;
}

/**
 * Counts the request under every rule of `name`; 429 with Retry-After when any is over its limit.
 * A `valid-only` rule is counted after the input passed validation (`ctx.afterValidation`), so a
 * request refused with a 422 does not use it up (decision record 069); a `refused-only` one only
 * once the request is refused (decision record 116).
 */
export async function runLimiter(ctx: Context, name: string): Promise<void> {
  const rules = ctx.config.limiters[name];
  if (!rules) throw new Error(`no limiter named ${name}`);
  const now: [LimiterRule, string][] = [];
  const later: [LimiterRule, string][] = [];
  for (const rule of rules) {
    const counted = await subject(ctx, rule.by);
    if (counted) (rule["valid-only"] ? later : now).push([rule, counted]);
  }
  const countAll = async (pairs: [LimiterRule, string][]) => {
    let retryAfter = 0;
    for (const [rule, counted] of pairs)
      retryAfter = Math.max(retryAfter, await count(ctx, name, rule, counted));
    if (retryAfter > 0) throw tooManyRequests(retryAfter);
  };
  await countAll(now);
  if (later.length > 0) ctx.afterValidation.push(() => countAll(later));
}
