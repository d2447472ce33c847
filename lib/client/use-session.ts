"use client";

import {
  type QueryClient,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useCallback } from "react";
import type { ApiClient } from "@/lib/client/api";
import { useApi } from "@/lib/client/api-context";
import type { Session } from "@/lib/client/contract";

// Not useRouteQuery: the session is read by the API client itself (a 401 keeps it, as a guest's)
// and reloaded whole when the identity changes; its key is get-auth's, from the row.

/** The session's key: get-auth's, from its row, so a change may name it among what it makes stale. */
export const sessionKey = (api: ApiClient) => api.queryKey("get-auth");

export function sessionQuery(api: ApiClient) {
  return {
    queryKey: sessionKey(api),
    // contract §4 rule 7: loading the session is the one place a 401 is an answer, not an event.
    // A browser's cookie gets a session's view; an app token's view (decision record 082) never
    // reaches the screens.
    queryFn: async (): Promise<Session> =>
      (await api.call("get-auth", undefined, {
        ignoreUnauthenticated: true,
      })) as Session,
    staleTime: 30_000,
  };
}

/** Who is signed in (get-auth), shared by every screen. */
export function useSession() {
  return useQuery(sessionQuery(useApi()));
}

/** Reloads the session after the identity changed (sign-in, impersonation), dropping data of the previous one. */
export async function reloadSession(
  queryClient: QueryClient,
  api: ApiClient,
): Promise<Session> {
  queryClient.removeQueries();
  return queryClient.fetchQuery({ ...sessionQuery(api), staleTime: 0 });
}

export function useReloadSession(): () => Promise<Session> {
  const queryClient = useQueryClient();
  const api = useApi();
  return useCallback(() => reloadSession(queryClient, api), [queryClient, api]);
}
