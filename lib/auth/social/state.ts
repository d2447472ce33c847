import "server-only";
import { z } from "zod";
import type { Context } from "@/lib/server/context";
import { actionPath } from "@/lib/server/url";
import { sealValue, unsealValue } from "@/lib/crypto/sealed";
import { deriveKey, safeEqual } from "@/lib/crypto/secrets";
import { parseCookies, serializeCookie } from "@/lib/http/cookies";

/** How long a sign-in at the provider may take, from our redirect to its callback. */
export const SOCIAL_STATE_TTL_SECONDS = 10 * 60;
export const SOCIAL_STATE_COOKIE = "auth_social_state";

const pendingSchema = z.object({
  provider: z.string(),
  state: z.string(),
  verifier: z.string(),
  expiresAt: z.number(),
});
type Pending = z.infer<typeof pendingSchema>;

// Its own key: a sealed session cookie can never pass for a state cookie, or the reverse.
const sealKey = (ctx: Context) => deriveKey(ctx.env.SESSION_SECRET, "social");

// Scoped to the provider's callback: no other request carries it.
function cookieOptions(ctx: Context, provider: string) {
  return {
    path: actionPath(ctx.config, "socialite-callback", { provider }),
    httpOnly: true,
    sameSite: "Lax" as const,
    secure: ctx.env.secureCookies,
  };
}

/**
 * The Set-Cookie value that remembers a sign-in in progress: `state` and the PKCE verifier,
 * sealed, httpOnly, SameSite=Lax (sent on the provider's top-level redirect back to us).
 */
export async function stateCookie(
  ctx: Context,
  provider: string,
  state: string,
  verifier: string,
): Promise<string> {
  const pending: Pending = {
    provider,
    state,
    verifier,
    expiresAt: Math.floor(ctx.now.getTime() / 1000) + SOCIAL_STATE_TTL_SECONDS,
  };
  const sealed = await sealValue(
    pending,
    sealKey(ctx),
    SOCIAL_STATE_TTL_SECONDS,
  );
  return serializeCookie(SOCIAL_STATE_COOKIE, sealed, {
    ...cookieOptions(ctx, provider),
    maxAge: SOCIAL_STATE_TTL_SECONDS,
  });
}

/** Deletes the state cookie: a state is good for one callback. */
export function clearStateCookie(ctx: Context, provider: string): string {
  return serializeCookie(SOCIAL_STATE_COOKIE, "", {
    ...cookieOptions(ctx, provider),
    maxAge: 0,
  });
}

/**
 * The PKCE verifier of the sign-in this callback completes, or null when the request's `state`
 * is not the one we sent to this provider (missing, forged, expired, or from another browser).
 */
export async function verifyState(
  ctx: Context,
  provider: string,
  returnedState: string | null,
): Promise<string | null> {
  const sealed = parseCookies(ctx.request.headers.get("cookie")).get(
    SOCIAL_STATE_COOKIE,
  );
  if (!sealed || !returnedState) return null;
  const unsealed = await unsealValue(
    sealed,
    sealKey(ctx),
    SOCIAL_STATE_TTL_SECONDS,
  );
  const pending = pendingSchema.safeParse(unsealed);
  if (!pending.success) return null;
  const { data } = pending;
  if (data.provider !== provider || data.expiresAt < ctx.now.getTime() / 1000)
    return null;
  return safeEqual(data.state, returnedState) ? data.verifier : null;
}
