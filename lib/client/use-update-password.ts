"use client";

import { useMutation } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import type { RouteInput } from "@/lib/client/contract";

export type UpdatePasswordInput = RouteInput<"update-password">;

/** POST update-password; the session stays signed in (contract §3 Session). */
export function useUpdatePassword() {
  const api = useApi();
  return useMutation({
    meta: { toast: "Password updated." },
    mutationFn: (input: UpdatePasswordInput) =>
      api.call("update-password", input),
  });
}
