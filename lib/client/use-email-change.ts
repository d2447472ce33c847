"use client";

import { useMutation } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import { useSetSessionUser } from "@/lib/client/use-profile";

/** POST api.app.user.email.cancel: the pending address is withdrawn, the one in force stays. */
export function useCancelEmailChange(userId: number) {
  const api = useApi();
  const setUser = useSetSessionUser();
  return useMutation({
    mutationFn: () =>
      api.call("api.app.user.email.cancel", { user_id: userId }),
    onSuccess: (result) => setUser(result.user),
  });
}
