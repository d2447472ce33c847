"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useApi } from "@/lib/client/api-context";
import type { User } from "@/lib/client/api-types";
import { markPasswordSignIn } from "@/lib/client/passkey-offer";
import { safeRedirect } from "@/lib/http/safe-redirect";
import { useGoAfterSignIn } from "@/lib/client/use-go-after-sign-in";
import { useReloadSession } from "@/lib/client/use-session";

export type LoginInput = { email: string; password: string; remember: boolean };
export type RegisterInput = {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
};

/** Login's answer: signed in, or (Fortify) a second factor is still to be given on the challenge screen. */
type SignInResult = { success: boolean; user: User } | { two_factor: true };

export const TWO_FACTOR_CHALLENGE_PAGE = "/auth/two-factor-challenge";

/** The challenge screen, carrying the `redirect` the sign-in was given. */
export function challengePathFor(redirect: string | null): string {
  return redirect
    ? `${TWO_FACTOR_CHALLENGE_PAGE}?redirect=${encodeURIComponent(redirect)}`
    : TWO_FACTOR_CHALLENGE_PAGE;
}

/**
 * SPEC §4 rule 7 for login and register: a fresh CSRF cookie first (the session is regenerated),
 * then the session reloaded, then `redirect` if it is an internal path, else /admin. A login that
 * answers `two_factor: true` goes on to the challenge screen instead, with the same `redirect`.
 */
function useSignIn<T>(action: "login" | "register", redirect: string | null) {
  const api = useApi();
  const router = useRouter();
  const goTo = useGoAfterSignIn();
  const reload = useReloadSession();
  return useMutation({
    mutationFn: async (input: T) => {
      await api.csrfCookie();
      return api.call<SignInResult>(action, input);
    },
    onSuccess: async (result) => {
      if ("two_factor" in result && result.two_factor)
        return router.push(challengePathFor(redirect));
      if (action === "login") markPasswordSignIn();
      await reload();
      goTo(safeRedirect(redirect));
    },
  });
}

export function useLogin(redirect: string | null) {
  return useSignIn<LoginInput>("login", redirect);
}

export function useRegister(redirect: string | null) {
  return useSignIn<RegisterInput>("register", redirect);
}
