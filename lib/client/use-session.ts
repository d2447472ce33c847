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
import { queryKeys } from "@/lib/client/queries";

export function sessionQuery(api: ApiClient) {
  return {
    queryKey: queryKeys.session,
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
