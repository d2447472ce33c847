"use client";

import { useMutation } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import type { RouteOutput } from "@/lib/client/contract";
import { isAllowedRedirectUri } from "@/lib/policies/redirect-uri";

// Not useRouteMutation: the answer goes to one of two routes (approve or deny) and then leaves for
// the client's site. The request itself is read by name at the consent screen (record 109).
/** GET /oauth/authorize's JSON form (decision record 050): what the consent screen shows and sends back. */
export type AuthorizationRequest = Exclude<
  RouteOutput<"passport.authorizations.authorize.get">,
  { redirect: string }
>;

/**
 * How the consent and device screens read their request (by name, at the screen): each GET seals
 * a new `auth_token`, so it is asked once per screen and never again, kept nowhere after.
 */
export const ASKED_ONCE = {
  staleTime: Infinity,
  gcTime: 0,
  retry: false,
  refetchOnWindowFocus: false,
} as const;

/**
 * Sends the browser to the client with its answer, only where the redirect URI rule allows
 * (lib/policies/redirect-uri.ts): the server refuses such a client already; the page keeps to the
 * rule even so, and a `javascript:` address never runs here. False: the screen shows the refusal.
 */
export function goToClient(redirect: string): boolean {
  if (!isAllowedRedirectUri(redirect)) return false;
  window.location.assign(redirect);
  return true;
}

/** Approves (POST) or denies (DELETE) with Passport's fields; the answer is where the browser goes next. */
export function useAnswerAuthorization() {
  const api = useApi();
  return useMutation({
    mutationFn: ({
      request,
      approve,
      teamId,
    }: {
      request: AuthorizationRequest;
      approve: boolean;
      /** Approved for this team (decision record 110); a denial carries none. */
      teamId?: number;
    }) =>
      api.call(
        approve
          ? "passport.authorizations.authorize.post"
          : "passport.authorizations.authorize.delete",
        {
          auth_token: request.auth_token,
          state: request.state,
          client_id: request.client_id,
          ...(approve && teamId !== undefined ? { team_id: teamId } : {}),
        },
      ),
    // The client's redirect URI is another site: a full navigation, never the router.
    onSuccess: ({ redirect }) => {
      goToClient(redirect);
    },
  });
}
