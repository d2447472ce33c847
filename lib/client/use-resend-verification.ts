"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import { queryKeys } from "@/lib/client/queries";

/** POST email-verification-notification (throttled to 6 a minute by the server). */
export function useResendVerification() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call("email-verification-notification"),
    onSuccess: async (result) => {
      // Verified meanwhile (in another tab): the notice has nothing left to say.
      if (result.status === "already-verified")
        await queryClient.invalidateQueries({ queryKey: queryKeys.session });
    },
  });
}
