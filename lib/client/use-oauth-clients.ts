"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import type { RouteInput, RouteOutput } from "@/lib/client/contract";

export const DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";

/** A client as GET /oauth/clients lists it (Passport 13's fields; `scopes`: the allowed list, null for any). */
export type OAuthClient = RouteOutput<"passport.clients.index">[number];

/** What POST /oauth/clients takes from an administrator. */
export type NewOAuthClient = RouteInput<"passport.clients.store">;

/** What PUT /oauth/clients/{id} takes: name and redirect URIs, and the allowed scopes (null: any). */
export type OAuthClientChanges = RouteInput<"passport.clients.update">;

/** A client just created or given a new secret: the plain secret, shown once (null for a public client). */
export type ClientWithSecret = RouteOutput<"passport.clients.store">;

const CLIENTS_KEY = ["oauth-clients"] as const;

/** The clients the administrator manages: their own and the machine clients that belong to no one. */
export function useOAuthClients() {
  const api = useApi();
  return useQuery({
    queryKey: CLIENTS_KEY,
    queryFn: ({ signal }) =>
      api.call("passport.clients.index", undefined, { signal }),
  });
}

/** Every scope this server grants, with its words (GET /oauth/scopes). */
export function useOAuthScopes() {
  const api = useApi();
  return useQuery({
    queryKey: ["oauth-scopes"],
    queryFn: ({ signal }) =>
      api.call("passport.scopes.index", undefined, { signal }),
    staleTime: Infinity,
  });
}

function useClientMutation<Input, Output>(
  send: (input: Input) => Promise<Output>,
  toast?: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    meta: { toast },
    onSettled: () => queryClient.invalidateQueries({ queryKey: CLIENTS_KEY }),
  });
}

export function useCreateOAuthClient() {
  const api = useApi();
  return useClientMutation((input: NewOAuthClient) =>
    api.call("passport.clients.store", input),
  );
}

/** A new secret; the previous one keeps working `overlap_seconds` longer. */
export function useRotateClientSecret() {
  const api = useApi();
  return useClientMutation((input: { id: string; overlap_seconds: number }) =>
    api.call("passport.clients.secret", input),
  );
}

/** Saves a client's name, redirect URIs and allowed scopes. */
export function useUpdateOAuthClient() {
  const api = useApi();
  return useClientMutation(
    (input: OAuthClientChanges) => api.call("passport.clients.update", input),
    "The client has been saved.",
  );
}

/** Deletes the client: every token it holds stops working (`passport.clients.destroy`). */
export function useDeleteOAuthClient() {
  const api = useApi();
  return useClientMutation(
    (id: string) => api.call("passport.clients.destroy", { id }),
    "The client has been deleted.",
  );
}
