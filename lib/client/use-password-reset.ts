"use client";

import { useMutation } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import type { RouteInput } from "@/lib/client/contract";

/** POST forgot-password: the same answer whether or not the account exists (contract §9). */
export function useForgotPassword() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: RouteInput<"forgot-password">) =>
      api.call("forgot-password", input),
  });
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
