"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import type { Token } from "@/lib/client/api-types";
import { HOST_PATHS, queryKeys } from "@/lib/client/queries";

/** The caller's personal access tokens (POST tokens: the route is a POST in SPEC §4). */
export function useTokens() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.tokens,
    queryFn: () =>
      api.call<{ tokens: Token[] }>("tokens").then((r) => r.tokens),
  });
}

export type CreateTokenInput = {
  email: string;
  password: string;
  name: string;
  abilities?: string[];
  expires_at?: string;
  idle_expires_in?: number;
  rate_limit?: number;
  quota?: number;
  quota_refill?: number;
  quota_interval?: number;
  allowed_ips?: string[];
};

/** POST create-token: asks for the password again, answers the plain token once. */
export function useCreateToken() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTokenInput) =>
      api.call<{ token: string }>("create-token", input),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.tokens }),
  });
}

export function useRevokeToken() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: number) =>
      api.call<{ revoked: boolean }>("revoke-token", { token_id: tokenId }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.tokens }),
  });
}

/** POST roll-token: a new secret, the old one valid `grace_seconds` longer (decision record 045). */
export function useRollToken() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { token_id: number; grace_seconds: number }) =>
      api.call<{
        token: string;
        token_id: number;
        previous_expires_at: string | null;
      }>("roll-token", input),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.tokens }),
  });
}

export function useFlushTokens() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.call<{ success: boolean; message: string }>("flush-tokens"),
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
        .request<{ tokens: Token[] }>(HOST_PATHS.userTokens(userId), { signal })
        .then((r) => r.tokens),
  });
}
