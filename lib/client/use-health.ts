"use client";

import { useQuery } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import { queryKeys } from "@/lib/client/queries";

// A panel left open follows the queue and the failures without a reload.
const HEALTH_REFRESH_MS = 30_000;

/** The operator's checks (decision record 096); administrators only. */
export function useHealth() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.health,
    queryFn: ({ signal }) =>
      api.call("api.admin.health", undefined, { signal }),
    refetchInterval: HEALTH_REFRESH_MS,
  });
}
