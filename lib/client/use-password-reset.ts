"use client";

import { useMutation } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";

type Result = { success: boolean; message: string };

/** POST forgot-password: the same answer whether or not the account exists (SPEC §9). */
export function useForgotPassword() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: { email: string }) =>
      api.call<Result>("forgot-password", input),
  });
}

export type ResetPasswordInput = {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
};

/** SPEC §4 rule 8: the reset screen posts the token, the email and the new password. */
export function useResetPassword() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      api.call<Result>("reset-password", input),
  });
}
