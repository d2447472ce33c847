"use client";

import {
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { CallArgs } from "@/lib/client/api";
import { useApi } from "@/lib/client/api-context";
import type { RouteInput, RouteName, RouteOutput } from "@/lib/client/contract";

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
    queryFn: ({ signal }) =>
      api.call(name, ...([input, { signal }] as CallArgs<N>)),
  });
}

/**
 * A screen's change through one route, by its name: it sends the route's input and, once
 * answered, makes stale every read under the route's fixed path (`api.staleKey`), so a list
 * follows the change without a key named in the screen. `toast` is the confirmation the one
 * toaster shows on success.
 */
export function useRouteMutation<N extends RouteName>(
  name: N,
  options: { toast?: string } = {},
) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    ...(options.toast && { meta: { toast: options.toast } }),
    mutationFn: (input: RouteInput<N>) =>
      api.call(name, ...([input] as CallArgs<N>)),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: api.staleKey(name) }),
  });
}
