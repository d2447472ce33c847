"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import { queryKeys } from "@/lib/client/queries";
import { TWO_FACTOR_ACTIONS as ACTIONS } from "@/lib/client/two-factor-actions";

/** The caller's signed-in browsers, this one included (`current`). */
export function useBrowserSessions() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.browserSessions,
    queryFn: ({ signal }) => api.call(ACTIONS.sessions, undefined, { signal }),
  });
}

/** Signs one of the caller's other browsers out. */
export function useEndSession() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { toast: "That browser has been signed out." },
    mutationFn: (id: string) => api.call(ACTIONS.endSession, { id }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.browserSessions }),
  });
}

/** Signs every other browser out (behind the step-up). */
export function useEndOtherSessions() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { toast: "Other browsers have been signed out." },
    mutationFn: () => api.call(ACTIONS.endOtherSessions),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.browserSessions }),
  });
}

/** An account's browsers, for an administrator (not another administrator's: the policy hides the button). */
export function useUserSessions(userId: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.userSessions(userId ?? 0),
    queryFn: ({ signal }) =>
      api.call(
        "api.admin.users.sessions.index",
        { id: userId ?? 0 },
        { signal },
      ),
    enabled: userId !== null,
  });
}

export function useEndUserSession(userId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      api.call("api.admin.users.sessions.destroy", { id: userId, sessionId }),
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: queryKeys.userSessions(userId),
      }),
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
