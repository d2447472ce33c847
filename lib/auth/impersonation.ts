import "server-only";
import { z } from "zod";
import type { User } from "@/db/schema";
import { canImpersonate } from "@/lib/policies/authorize";
import type { Context } from "@/lib/server/context";
import { getHooks } from "@/lib/server/hooks";
import { sealValue, unsealValue } from "@/lib/crypto/sealed";
import { deriveKey, hmacHex, safeEqual } from "@/lib/crypto/secrets";
import { passwordFingerprint } from "@/lib/server/session-validity";
import { forbidden } from "@/lib/http/errors";
import { findUserById } from "@/lib/users/users";

/** contract §2 Impersonation token: who asked, for whom, when, and from which session. */
const tokenSchema = z.object({
  requester: z.int().positive(),
  target: z.int().positive(),
  /** When the token was requested, in ms since the epoch (the request's clock). */
  at: z.int().nonnegative(),
  /** Binds the token to the requesting session (contract §7: "used by another session"). */
  session: z.string().min(1),
  /** The requester's password fingerprint at the request: a password changed since voids the token. */
  fingerprint: z.string().min(1),
});

export type ImpersonationToken = z.infer<typeof tokenSchema>;

// A sealed token is a few hundred characters; anything much longer is not ours.
const MAX_TOKEN_LENGTH = 2048;

const tokenPassword = (ctx: Context) =>
  deriveKey(ctx.env.SESSION_SECRET, "impersonation");

function sessionBinding(ctx: Context): string | null {
  const id = ctx.session.id;
  return id ? hmacHex(tokenPassword(ctx), `session:${id}`) : null;
}

/**
 * contract §5 rule 5: impersonation is closed when `allow-impersonate` is false or the caller has
 * no session (a bearer token alone), whatever an authorizer says. Returns the signed-in user.
 */
export function assertImpersonationOpen(ctx: Context): User {
  const user = ctx.requireUser();
  if (!ctx.config["allow-impersonate"] || ctx.auth?.via !== "session")
    throw forbidden();
  return user;
}

/**
 * Who may request a token for `target` (null when the id names nobody): the application's
 * request authorizer, else the ability — without a target it asks only "may this user impersonate".
 */
export async function mayRequestImpersonation(
  ctx: Context,
  user: User,
  target: User | null,
): Promise<boolean> {
  const authorizer = getHooks().impersonationAuthorizer;
  return authorizer
    ? (await authorizer(user, target, ctx)) === true
    : canImpersonate(ctx.config, user, target);
}

/** Seals a token for the current session's user to sign in as `target`. */
export async function issueImpersonationToken(
  ctx: Context,
  requester: User,
  target: User,
): Promise<string> {
  const session = sessionBinding(ctx);
  if (!session) throw forbidden();
  const data: ImpersonationToken = {
    requester: requester.id,
    target: target.id,
    at: ctx.now.getTime(),
    session,
    fingerprint: passwordFingerprint(requester.password),
  };
  // Expiry is checked against the request's clock below, so iron's own ttl is off.
  return sealValue(data, tokenPassword(ctx));
}

/** Opens a token; null unless it is exactly as we issued it, under the current secret. */
export async function openImpersonationToken(
  ctx: Context,
  token: string,
): Promise<ImpersonationToken | null> {
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null;
  const data = await unsealValue(token, tokenPassword(ctx));
  const parsed = tokenSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/**
 * Whether `requester` may go on as `target`: the application's token-use authorizer, else the
 * `laravel-auth.impersonate` ability. Asked when the token is used and on every later request.
 */
export async function mayUseImpersonation(
  ctx: Context,
  requester: User,
  target: User,
): Promise<boolean> {
  const authorizer = getHooks().impersonationTokenAuthorizer;
  return authorizer
    ? (await authorizer(requester, target, ctx)) === true
    : canImpersonate(ctx.config, requester, target);
}

/**
 * contract §3 Impersonation, GET impersonate/{token}: unexpired (`impersonation-token-ttl`),
 * used from the session of its requester, whose password has not changed since, and the
 * requester may still impersonate the target. Returns the target and the token; 403 otherwise.
 */
export async function authorizeTokenUse(
  ctx: Context,
  requester: User,
  token: string,
): Promise<{ target: User; data: ImpersonationToken }> {
  const data = await openImpersonationToken(ctx, token);
  if (!data) throw forbidden();
  // A future `at` can only come from our own seal (another instance's clock): not an expiry.
  if (
    ctx.now.getTime() - data.at >
    ctx.config.limits["impersonation-token-ttl"] * 1000
  )
    throw forbidden();
  const binding = sessionBinding(ctx);
  if (
    data.requester !== requester.id ||
    !binding ||
    !safeEqual(binding, data.session)
  )
    throw forbidden();
  if (!safeEqual(data.fingerprint, passwordFingerprint(requester.password)))
    throw forbidden();
  const target = await findUserById(ctx.db, data.target);
  if (!target) throw forbidden();
  if (!(await mayUseImpersonation(ctx, requester, target))) throw forbidden();
  return { target, data };
}
