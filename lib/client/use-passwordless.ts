"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useApi } from "@/lib/client/api-context";
import { useChallenge } from "@/lib/client/use-challenge";
import type { RouteInput } from "@/lib/client/contract";
import { safeRedirect } from "@/lib/http/safe-redirect";
import { useGoAfterSignIn } from "@/lib/client/use-go-after-sign-in";
import { challengePathFor } from "@/lib/client/use-login";
import { useReloadSession } from "@/lib/client/use-session";

// Not useRouteMutation: the request carries a proof-of-work solution; the link's use is a new
// session and the redirect.

/**
 * POST passwordless-request: the same answer whether or not the account exists (decision record
 * 088), with a proof-of-work solution while challenges are on (decision record 108).
 */
export function useRequestSignInLink() {
  const api = useApi();
  const { withChallenge, checking } = useChallenge();
  const mutation = useMutation({
    mutationFn: (input: RouteInput<"passwordless-request">) =>
      withChallenge((altcha) =>
        api.call("passwordless-request", { ...input, altcha }),
      ),
  });
  return { ...mutation, checking };
}

/**
 * POST passwordless-verify with the link's token (and the code, in another browser) or the
 * address and the code; then as login: the challenge screen for a second factor, else in.
 */
export function useVerifySignInLink(redirect: string | null) {
  const api = useApi();
  const router = useRouter();
  const goTo = useGoAfterSignIn();
  const reload = useReloadSession();
  return useMutation({
    mutationFn: async (input: RouteInput<"passwordless-verify">) => {
      await api.csrfCookie();
      return api.call("passwordless-verify", input);
    },
    onSuccess: async (result) => {
      if ("two_factor" in result && result.two_factor)
        return router.push(challengePathFor(redirect));
      await reload();
      goTo(safeRedirect(redirect));
    },
  });
}
