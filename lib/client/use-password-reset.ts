"use client";

import { useMutation } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import { useChallenge } from "@/lib/client/use-challenge";
import type { RouteInput } from "@/lib/client/contract";

// Not useRouteMutation: the request carries a proof-of-work solution while challenges are on.
// The reset itself and the link's check are read and changed by name at their screen.

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
