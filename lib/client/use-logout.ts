"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { GUEST_SESSION, useApi } from "@/lib/client/api-context";
import { sessionKey } from "@/lib/client/use-session";

// Not useRouteMutation: signing out drops every read and leaves the page even when the call fails.

/**
 * contract §4 rule 7: the local session is cleared even when the request fails; then the login
 * screen, or `next` (the consent screen's "Not you?" comes back to the same request).
 */
export function useLogout(next = "/auth/login") {
  const api = useApi();
  const router = useRouter();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.call("logout", undefined, {
        ignoreUnauthenticated: true,
      }),
    onSettled: () => {
      queryClient.removeQueries();
      queryClient.setQueryData(sessionKey(api), GUEST_SESSION);
      router.replace(next);
    },
  });
}
