import "server-only";
import type { User } from "@/db/schema";
import { recordActivity } from "@/lib/audit/activity";
import type { Context } from "@/lib/auth/context";
import { emit } from "@/lib/auth/events";
import { checkCredentials } from "@/lib/auth/passwords";
import { clear, hit, limiterKey, secondsUntil } from "@/lib/auth/rate-limit";
import { invalid } from "@/lib/http/errors";
import { findUserByEmail } from "@/lib/users/users";

export const BAD_CREDENTIALS = "These credentials do not match our records.";
export const LOCKED_OUT = "Too many login attempts. Please try again in :seconds seconds.";

/**
 * SPEC.md §5.4: credentials checked under the lockout of `limits.login-attempts` failures per
 * email and address, counted in the database so every instance shares it. 422 on `email`.
 * The attempt is counted (atomically) before the password is checked, and uncounted on success:
 * reading the count first let a burst of concurrent requests all pass the check.
 */
export async function attemptLogin(ctx: Context, email: string, password: string): Promise<User> {
  const key = limiterKey("login", email.toLowerCase(), ctx.ip);
  const window = await hit(ctx.db, key, ctx.config.limits["login-decay-seconds"], ctx.now);
  if (window.hits > ctx.config.limits["login-attempts"]) {
    const seconds = secondsUntil(window, ctx.now);
    await emit("Lockout", { email, ip: ctx.ip });
    await recordActivity(ctx.db, { event: "lockout", ip: ctx.ip, properties: { email } }, ctx.now);
    throw invalid("email", LOCKED_OUT, { seconds });
  }
  const user = await findUserByEmail(ctx.db, email);
  if (!(await checkCredentials(user, password, ctx.config.hashing.rounds)) || !user) {
    await recordActivity(ctx.db, { event: "login-failed", subjectId: user?.id, ip: ctx.ip, properties: { email } }, ctx.now);
    throw invalid("email", BAD_CREDENTIALS);
  }
  await clear(ctx.db, key);
  return user;
}
