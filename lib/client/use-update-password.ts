"use client";

import { useMutation } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";

type Result = { success: boolean; message: string };

export type UpdatePasswordInput = {
  old_password: string;
  password: string;
  password_confirmation: string;
};

/** POST update-password; the session stays signed in (SPEC §3 Session). */
export function useUpdatePassword() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: UpdatePasswordInput) =>
      api.call<Result>("update-password", input),
  });
}
