"use client";

import { useRouteQuery } from "@/lib/client/route-query";

// A panel left open follows the queue and the failures without a reload.
const HEALTH_REFRESH_MS = 30_000;

/** The operator's checks (decision record 096); administrators only. */
export const useHealth = () =>
  useRouteQuery("api.admin.health", undefined, {
    refetchInterval: HEALTH_REFRESH_MS,
  });
