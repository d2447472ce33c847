"use client";

import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import type {
  AdminUser,
  AdminUserFilters,
  Paginator,
} from "@/lib/client/api-types";
import { HOST_PATHS, queryKeys } from "@/lib/client/queries";

export const USERS_PER_PAGE = 15;

/** One page of the administration's user list. */
export function useAdminUsers(filters: AdminUserFilters) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.adminUserPage(filters),
    queryFn: ({ signal }) =>
      api.request<Paginator<AdminUser>>(HOST_PATHS.adminUsers, {
        query: { ...filters, per_page: USERS_PER_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Soft delete (`delete`) or restore (`restore`) one user, then refresh the list. */
export function useUserStatusChange() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      user,
      action,
    }: {
      user: AdminUser;
      action: "delete" | "restore";
    }) =>
      action === "delete"
        ? api.request<{ success: boolean }>(HOST_PATHS.adminUser(user.id), {
            method: "DELETE",
          })
        : api.request<{ success: boolean }>(HOST_PATHS.restoreUser(user.id), {
            method: "POST",
          }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers }),
  });
}
