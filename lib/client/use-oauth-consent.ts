"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import type { RouteOutput } from "@/lib/client/contract";

export type OAuthScope = RouteOutput<"passport.scopes.index">[number];
/** GET /oauth/authorize's JSON form (decision record 050): what the consent screen shows and sends back. */
export type AuthorizationRequest = Exclude<
  RouteOutput<"passport.authorizations.authorize.get">,
  { redirect: string }
>;

/**
 * The consent the client asked for with `query` (the authorization request's own query string).
 * Each GET seals a new `auth_token`, so it is asked once per screen and never refetched.
 */
export function useAuthorizationRequest(query: string) {
  const api = useApi();
  return useQuery({
    queryKey: ["oauth-authorization", query],
    queryFn: () =>
      api.call(
        "passport.authorizations.authorize.get",
        Object.fromEntries(new URLSearchParams(query)),
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
      api.call(
        approve
          ? "passport.authorizations.authorize.post"
          : "passport.authorizations.authorize.delete",
        {
          auth_token: request.auth_token,
          state: request.state,
          client_id: request.client_id,
        },
      ),
    // The client's redirect URI is another site: a full navigation, never the router.
    onSuccess: ({ redirect }) => window.location.assign(redirect),
  });
}
