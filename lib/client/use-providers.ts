"use client";

import { useQuery } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import { queryKeys } from "@/lib/client/queries";

/** The social login providers configured on the server (buttons on the login screen). */
export function useProviders() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.providers,
    queryFn: () => api.call("api.auth.providers").then((r) => r.providers),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
