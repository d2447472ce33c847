"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import type { RouteInput } from "@/lib/client/contract";
import { queryKeys } from "@/lib/client/queries";

/** The caller's personal access tokens (POST tokens: the route is a POST in contract §4). */
export function useTokens() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.tokens,
    queryFn: () => api.call("tokens").then((r) => r.tokens),
  });
}

export type CreateTokenInput = RouteInput<"create-token">;

/** POST create-token: asks for the password again, answers the plain token once. */
export function useCreateToken() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTokenInput) => api.call("create-token", input),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.tokens }),
  });
}

export function useRevokeToken() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { toast: "The token has been revoked." },
    mutationFn: (tokenId: number) =>
      api.call("revoke-token", { token_id: tokenId }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.tokens }),
  });
}

/** POST roll-token: a new secret, the old one valid `grace_seconds` longer (decision record 045). */
export function useRollToken() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<"roll-token">) =>
      api.call("roll-token", input),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.tokens }),
  });
}

export function useFlushTokens() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { toast: "All tokens have been revoked." },
    mutationFn: () => api.call("flush-tokens"),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.tokens }),
  });
}

/** GET /api/admin/users/{id}/tokens: a user's tokens and their use, for an administrator. */
export function useUserTokens(userId: number) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.userTokens(userId),
    queryFn: ({ signal }) =>
      api
        .call("api.admin.users.tokens.index", { id: userId }, { signal })
        .then((r) => r.tokens),
  });
}
