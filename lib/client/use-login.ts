"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useApi } from "@/lib/client/api-context";
import { useChallenge } from "@/lib/client/use-challenge";
import type { RouteInput, RouteOutput } from "@/lib/client/contract";
import { safeRedirect } from "@/lib/http/safe-redirect";
import { useGoAfterSignIn } from "@/lib/client/use-go-after-sign-in";
import { useReloadSession } from "@/lib/client/use-session";

// Not useRouteMutation: a sign-in carries a proof-of-work solution, regenerates the session
// (a fresh CSRF cookie, the session reloaded) and goes on to the challenge or the redirect.

export const TWO_FACTOR_CHALLENGE_PAGE = "/auth/two-factor-challenge";

/**
 * The query a sign-in screen passes on: its `redirect`, and `prompt=login` while an app asked for
 * a fresh sign-in (OpenID `prompt=login`, `max_age`; decision record 086).
 */
export function signInQuery(
  redirect: string | null,
  freshSignIn = false,
): string {
  const query = new URLSearchParams();
  if (redirect) query.set("redirect", redirect);
  if (freshSignIn) query.set("prompt", "login");
  const text = query.toString();
  return text ? `?${text}` : "";
}

/** The challenge screen, carrying the `redirect` (and fresh sign-in) the sign-in was given. */
export function challengePathFor(
  redirect: string | null,
  freshSignIn = false,
): string {
  return TWO_FACTOR_CHALLENGE_PAGE + signInQuery(redirect, freshSignIn);
}

/**
 * contract §4 rule 7 for login and register: a fresh CSRF cookie first (the session is regenerated),
 * then the session reloaded, then `redirect` if it is an internal path, else /admin. A login that
 * answers `two_factor: true` goes on to the challenge screen instead, with the same `redirect`.
 * While proof-of-work challenges are on, each carries one solved in the background (decision
 * record 108); `checking` says a submission waits on it.
 */
function useSignIn<A extends "login" | "register">(
  action: A,
  redirect: string | null,
  freshSignIn = false,
) {
  const api = useApi();
  const router = useRouter();
  const goTo = useGoAfterSignIn();
  const reload = useReloadSession();
  const { withChallenge, checking } = useChallenge();
  const mutation = useMutation({
    mutationFn: async (input: RouteInput<A>): Promise<RouteOutput<"login">> => {
      await api.csrfCookie();
      return withChallenge((altcha) => api.call(action, { ...input, altcha }));
    },
    onSuccess: async (result) => {
      if ("two_factor" in result && result.two_factor)
        return router.push(challengePathFor(redirect, freshSignIn));
      await reload();
      goTo(safeRedirect(redirect));
    },
  });
  return { ...mutation, checking };
}

export function useLogin(redirect: string | null, freshSignIn = false) {
  return useSignIn("login", redirect, freshSignIn);
}

export function useRegister(redirect: string | null) {
  return useSignIn("register", redirect);
}
