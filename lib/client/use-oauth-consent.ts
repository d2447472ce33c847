"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";

/** A scope as the server describes it (its English words; the screens translate them). */
export type OAuthScope = { id: string; description: string };

/** GET /oauth/authorize's JSON form (decision record 050): what the consent screen shows and sends back. */
export type AuthorizationRequest = {
  auth_token: string;
  state: string;
  client_id: string;
  client: { id: string; name: string };
  scopes: OAuthScope[];
  redirect_uri: string;
};

/** The answer when there is nothing to ask: a client approved before, or an error for the client. */
type AuthorizationRedirect = { redirect: string };

const AUTHORIZE_PATH = "/oauth/authorize";

/**
 * The consent the client asked for with `query` (the authorization request's own query string).
 * Each GET seals a new `auth_token`, so it is asked once per screen and never refetched.
 */
export function useAuthorizationRequest(query: string) {
  const api = useApi();
  return useQuery({
    queryKey: ["oauth-authorization", query],
    queryFn: () =>
      api.request<AuthorizationRequest | AuthorizationRedirect>(
        `${AUTHORIZE_PATH}${query}`,
      ),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Approves (POST) or denies (DELETE) with Passport's fields; the answer is where the browser goes next. */
export function useAnswerAuthorization() {
  const api = useApi();
  return useMutation({
    mutationFn: ({
      request,
      approve,
    }: {
      request: AuthorizationRequest;
      approve: boolean;
    }) =>
      api.request<AuthorizationRedirect>(AUTHORIZE_PATH, {
        method: approve ? "POST" : "DELETE",
        json: {
          auth_token: request.auth_token,
          state: request.state,
          client_id: request.client_id,
        },
      }),
    // The client's redirect URI is another site: a full navigation, never the router.
    onSuccess: ({ redirect }) => window.location.assign(redirect),
  });
}
