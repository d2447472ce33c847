"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import { useRouteQuery } from "@/lib/client/route-query";
import type { ActivityFilters } from "@/lib/client/contract";
import { queryKeys } from "@/lib/client/queries";

export const ACTIVITY_PER_PAGE = 20;
// The user filter lists this many accounts; beyond that, a row's name filters by its user.
const USER_CHOICES = 100;

/** One page of the audit log, newest first. */
export const useActivity = (filters: ActivityFilters) =>
  useRouteQuery(
    "api.admin.activity",
    { ...filters, per_page: ACTIVITY_PER_PAGE },
    { placeholderData: keepPreviousData },
  );

/** Accounts to choose from in the user filter, deleted ones included (their history stays). */
export function useActivityUsers() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.activityUsers,
    queryFn: () =>
      api
        .call("api.admin.users.index", {
          status: "all",
          per_page: USER_CHOICES,
          page: 1,
        })
        .then((r) => r.data),
    staleTime: 60_000,
  });
}
