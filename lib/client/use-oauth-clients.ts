"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import type { OAuthScope } from "@/lib/client/use-oauth-consent";

export const DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";

/** A client as GET /oauth/clients lists it (Passport 13's fields; `scopes`: the allowed list, null for any). */
export type OAuthClient = {
  id: string;
  user_id: number | null;
  name: string;
  redirect_uris: string[];
  grant_types: string[];
  scopes: string[] | null;
  confidential: boolean;
  created_at: string | null;
  /** When it last authenticated (decision record 051). */
  last_used_at: string | null;
  /** Until when the secret replaced by a rotation still works; null when none does. */
  previous_secret_expires_at: string | null;
};

/** What POST /oauth/clients takes from an administrator. */
export type NewOAuthClient = {
  name: string;
  redirect_uris: string[];
  confidential: boolean;
  grant_types: string[];
  scopes?: string[];
};

/** A client just created or given a new secret: the plain secret, shown once (null for a public client). */
export type ClientWithSecret = OAuthClient & { plainSecret: string | null };

const CLIENTS_PATH = "/oauth/clients";
const CLIENTS_KEY = ["oauth-clients"] as const;
const clientPath = (id: string) => `${CLIENTS_PATH}/${encodeURIComponent(id)}`;

/** The clients the administrator manages: their own and the machine clients that belong to no one. */
export function useOAuthClients() {
  const api = useApi();
  return useQuery({
    queryKey: CLIENTS_KEY,
    queryFn: ({ signal }) =>
      api.request<OAuthClient[]>(CLIENTS_PATH, { signal }),
  });
}

/** Every scope this server grants, with its words (GET /oauth/scopes). */
export function useOAuthScopes() {
  const api = useApi();
  return useQuery({
    queryKey: ["oauth-scopes"],
    queryFn: ({ signal }) =>
      api.request<OAuthScope[]>("/oauth/scopes", { signal }),
    staleTime: Infinity,
  });
}

function useClientMutation<Input, Output>(
  send: (input: Input) => Promise<Output>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: CLIENTS_KEY }),
  });
}

export function useCreateOAuthClient() {
  const api = useApi();
  return useClientMutation((input: NewOAuthClient) =>
    api.request<ClientWithSecret>(CLIENTS_PATH, {
      method: "POST",
      json: input,
    }),
  );
}

/** A new secret; the previous one keeps working `overlap_seconds` longer. */
export function useRotateClientSecret() {
  const api = useApi();
  return useClientMutation((input: { id: string; overlap_seconds: number }) =>
    api.request<ClientWithSecret>(`${clientPath(input.id)}/secret`, {
      method: "POST",
      json: { overlap_seconds: input.overlap_seconds },
    }),
  );
}

/** Revokes the client and every token it holds. */
export function useRevokeOAuthClient() {
  const api = useApi();
  return useClientMutation((id: string) =>
    api.request<null>(clientPath(id), { method: "DELETE" }),
  );
}
