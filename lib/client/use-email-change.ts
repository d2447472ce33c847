"use client";

import { useMutation } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import type { User } from "@/lib/client/api-types";
import { useSetSessionUser } from "@/lib/client/use-profile";

export type EmailChangeStatus = "email-change-link-sent" | "no-pending-email";

/** POST api.app.user.email.resend: a fresh confirmation link (throttled to 6 a minute by the server). */
export function useResendEmailChange(userId: number) {
  const api = useApi();
  return useMutation({
    mutationFn: () =>
      api.call<{ success: boolean; status: EmailChangeStatus }>(
        "api.app.user.email.resend",
        { user_id: userId },
      ),
  });
}

/** POST api.app.user.email.cancel: the pending address is withdrawn, the one in force stays. */
export function useCancelEmailChange(userId: number) {
  const api = useApi();
  const setUser = useSetSessionUser();
  return useMutation({
    mutationFn: () =>
      api.call<{ success: boolean; user: User }>("api.app.user.email.cancel", {
        user_id: userId,
      }),
    onSuccess: (result) => setUser(result.user),
  });
}
