"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import { useChallenge } from "@/lib/client/use-challenge";
import type { RouteInput } from "@/lib/client/contract";

/**
 * POST forgot-password: the same answer whether or not the account exists (contract §9), with a
 * proof-of-work solution while challenges are on (decision record 108).
 */
export function useForgotPassword() {
  const api = useApi();
  const { withChallenge, checking } = useChallenge();
  const mutation = useMutation({
    mutationFn: (input: RouteInput<"forgot-password">) =>
      withChallenge((altcha) =>
        api.call("forgot-password", { ...input, altcha }),
      ),
  });
  return { ...mutation, checking };
}

export type ResetPasswordInput = RouteInput<"reset-password">;

/** contract §4 rule 8: the reset screen posts the token, the email and the new password. */
export function useResetPassword() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      api.call("reset-password", input),
  });
}

/**
 * Whether the reset link still works, asked once when its screen opens (decision record 090):
 * a read that consumes nothing; a failed check (a limit, the network) leaves the form to the reset.
 */
export function useResetLinkCheck(token: string, email: string) {
  const api = useApi();
  return useQuery({
    queryKey: ["reset-link", token, email],
    queryFn: ({ signal }) =>
      api
        .call("api.auth.reset-link", { token, email }, { signal })
        .then((answer) => answer.valid),
    staleTime: Infinity,
    retry: false,
  });
}
