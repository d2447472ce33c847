import "server-only";
import type { Env } from "@/lib/env";
import { type CookieOptions, serializeCookie } from "@/lib/http/cookies";
import { sealValue, unsealValue } from "@/lib/crypto/sealed";

/**
 * What the sealed session cookie carries (decision record 002): the session id, the CSRF token,
 * one request's flash, a sign-in pending its second factor, and Laravel's `url.intended` (a
 * path of this site to go on to once the address is proven, decision record 110). The
 * server-side row holds everything that decides access.
 */
export type CookieState = {
  sid?: string;
  csrf: string;
  flash?: Record<string, unknown>;
  pending?: string;
  intended?: string;
};

export const XSRF_COOKIE = "XSRF-TOKEN";

// Unsealing is crypto on libuv's thread pool; a seal we have already opened is looked up
// instead (bounded, insertion-ordered eviction). The promise is what is kept, so the requests a
// page fires at once with one new cookie share one unsealing (decision record 010: 50 concurrent
// misses of one cookie stalled for seconds on PGlite). Invalid seals are not kept: anyone can
// make those.
const UNSEALED = new Map<string, Promise<CookieState | null>>();
const UNSEALED_MAX = 10_000;

async function openSeal(
  value: string,
  password: string,
): Promise<CookieState | null> {
  const state = (await unsealValue(
    value,
    password,
  )) as Partial<CookieState> | null;
  if (!state || typeof state.csrf !== "string") {
    UNSEALED.delete(value);
    return null;
  }
  return {
    sid: typeof state.sid === "string" ? state.sid : undefined,
    csrf: state.csrf,
    flash: state.flash,
    pending: typeof state.pending === "string" ? state.pending : undefined,
    intended: typeof state.intended === "string" ? state.intended : undefined,
  };
}

/** The state a session cookie carries, or null when it is not one of ours. */
export function openSessionCookie(
  value: string,
  password: string,
): Promise<CookieState | null> {
  const cached = UNSEALED.get(value);
  if (cached) return cached;
  if (UNSEALED.size >= UNSEALED_MAX)
    UNSEALED.delete(UNSEALED.keys().next().value as string);
  const opening = openSeal(value, password);
  UNSEALED.set(value, opening);
  return opening;
}

/**
 * Set-Cookie values for a response: the sealed session (HttpOnly) and the XSRF-TOKEN the SPA
 * echoes (readable by its script), with the same lifetime: `maxAge` for "remember me", else
 * until the browser closes.
 */
export async function sessionCookieHeaders(
  env: Env,
  state: CookieState,
  maxAge: number | undefined,
): Promise<string[]> {
  const base: CookieOptions = {
    path: "/",
    sameSite: "Lax",
    secure: env.secureCookies,
    domain: env.SESSION_DOMAIN,
  };
  const sealed = await sealValue(state, env.SESSION_SECRET);
  return [
    serializeCookie(env.SESSION_COOKIE, sealed, {
      ...base,
      httpOnly: true,
      maxAge,
    }),
    serializeCookie(XSRF_COOKIE, state.csrf, {
      ...base,
      httpOnly: false,
      maxAge,
    }),
  ];
}
