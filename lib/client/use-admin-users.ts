"use client";

import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import type { AdminUser, AdminUserFilters } from "@/lib/client/contract";
import { queryKeys } from "@/lib/client/queries";

export const USERS_PER_PAGE = 15;

/** One page of the administration's user list. */
export function useAdminUsers(filters: AdminUserFilters) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.adminUserPage(filters),
    queryFn: ({ signal }) =>
      api.call(
        "api.admin.users.index",
        { ...filters, per_page: USERS_PER_PAGE },
        { signal },
      ),
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
        ? api.call("api.admin.users.destroy", { id: user.id })
        : api.call("api.admin.users.restore", { id: user.id }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers }),
  });
}

/** An administrator turns a user's second factor off (behind the step-up; audited, the user is told by mail). */
export function useResetTwoFactor() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      api.call("api.admin.users.two-factor.destroy", { id: userId }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers }),
  });
}
