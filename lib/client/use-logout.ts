"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { GUEST_SESSION, useApi } from "@/lib/client/api-context";
import { queryKeys } from "@/lib/client/queries";

/** contract §4 rule 7: the local session is cleared even when the request fails. */
export function useLogout() {
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
      queryClient.setQueryData(queryKeys.session, GUEST_SESSION);
      router.replace("/auth/login");
    },
  });
}
