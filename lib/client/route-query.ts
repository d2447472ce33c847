"use client";

import {
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import type { RouteInput, RouteName, RouteOutput } from "@/lib/client/contract";

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: {
      /**
       * The confirmation of a completed action, an English message key: declared once on its
       * mutation and shown by the one toaster when it succeeds (components/app-providers.tsx),
       * so no screen keeps a success state of its own.
       */
      toast?: string;
    };
  }
}

/**
 * A screen's read of one route, by its name: the key, the input and the output's type all come
 * from the route's row (`api.queryKey`, decision record 062), so a hook that only reads is this
 * call and nothing else.
 */
export function useRouteQuery<N extends RouteName, T = RouteOutput<N>>(
  name: N,
  input?: RouteInput<N>,
  options: Omit<
    UseQueryOptions<RouteOutput<N>, Error, T>,
    "queryKey" | "queryFn"
  > = {},
) {
  const api = useApi();
  return useQuery({
    ...options,
    queryKey: api.queryKey(name, input),
    queryFn: ({ signal }) => api.callRoute(name, input, { signal }),
  });
}

/** What a screen may add to a change by name; everything else follows from the route's row. */
export type RouteMutationOptions<N extends RouteName> = {
  /** The confirmation the one toaster shows on success (an English message key). */
  toast?: string;
  /**
   * Other routes whose reads the change makes stale as well, by name: a team change makes the
   * session's `get-auth` (its `all_teams`) stale, which lies under no path of the team's.
   */
  stale?: readonly RouteName[];
  /** Once the stale reads are fresh again: what the screen does with the answer (navigate, close). */
  onSuccess?: (answer: RouteOutput<N>, input: RouteInput<N>) => unknown;
};

/**
 * A screen's change through one route, by its name: it sends the route's input and, once
 * answered, makes stale every read under the route's fixed path (`api.staleKey`) and under the
 * `stale` routes', so a list follows the change without a key named in the screen. On success
 * those reads are fetched again before `onSuccess` runs, so a screen it opens shows them.
 */
export function useRouteMutation<N extends RouteName>(
  name: N,
  { toast, stale = [], onSuccess }: RouteMutationOptions<N> = {},
) {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all(
      [name, ...stale].map((route) =>
        queryClient.invalidateQueries({ queryKey: api.staleKey(route) }),
      ),
    );
  return useMutation({
    ...(toast && { meta: { toast } }),
    mutationFn: (input: RouteInput<N>) => api.callRoute(name, input),
    onSuccess: async (answer, input) => {
      await refresh();
      await onSuccess?.(answer, input);
    },
    onError: () => refresh(),
  });
}
