"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import type { NewWebhook, WebhookList } from "@/lib/client/contract";
import { queryKeys } from "@/lib/client/queries";

// A test event is delivered within seconds: an open page follows it.
const WEBHOOKS_REFRESH_MS = 3_000;

/** The endpoints with their latest delivery, and the events one can subscribe to. */
export function useWebhooks() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.webhooks,
    queryFn: ({ signal }) =>
      api.call("api.admin.webhooks.index", undefined, { signal }),
    refetchInterval: WEBHOOKS_REFRESH_MS,
  });
}

/** The delivery log of one endpoint, while it is shown. */
export function useWebhookDeliveries(id: number, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.webhookDeliveries(id),
    queryFn: ({ signal }) =>
      api
        .call("api.admin.webhooks.deliveries", { id }, { signal })
        .then((r) => r.data),
    refetchInterval: WEBHOOKS_REFRESH_MS,
    enabled,
  });
}

/** Registers an endpoint; the answer holds its secret, shown once. */
export function useCreateWebhook() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewWebhook) =>
      api.call("api.admin.webhooks.store", input),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.webhooks }),
  });
}

export function useDeleteWebhook() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { toast: "The endpoint has been removed." },
    // A read of its log still on its way would be answered after the row is gone (a 404): it is
    // cancelled before the removal is sent, and the item asks for no more while it is removed
    // (components/admin/webhook-endpoint.tsx).
    onMutate: (id: number) =>
      queryClient.cancelQueries({ queryKey: queryKeys.webhookDeliveries(id) }),
    mutationFn: (id: number) => api.call("api.admin.webhooks.destroy", { id }),
    // The removed endpoint leaves the list at once, so its delivery log stops asking for a row
    // that no longer exists (a 404) before the list is read again.
    onSuccess: (_data, id) => {
      queryClient.setQueryData<WebhookList>(
        queryKeys.webhooks,
        (list) =>
          list && {
            ...list,
            data: list.data.filter((endpoint) => endpoint.id !== id),
          },
      );
      queryClient.removeQueries({ queryKey: queryKeys.webhookDeliveries(id) });
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.webhooks }),
  });
}

/** Queues a test event to one endpoint. */
export function useTestWebhook() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call("api.admin.webhooks.test", { id }),
    onSettled: (_data, _error, id) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.webhooks }).then(() =>
        queryClient.invalidateQueries({
          queryKey: queryKeys.webhookDeliveries(id),
        }),
      ),
  });
}
