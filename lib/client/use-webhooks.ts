"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import type { WebhookList } from "@/lib/client/contract";
import { useRouteMutation, useRouteQuery } from "@/lib/client/route-query";

// The endpoints' reads and changes by name (decision record 109); the removal stays written
// out: it is optimistic, and cancels and drops the endpoint's delivery log first.

// A test event is delivered within seconds: an open page follows it.
const WEBHOOKS_REFRESH_MS = 3_000;

/** The endpoints with their latest delivery, and the events one can subscribe to. */
export const useWebhooks = () =>
  useRouteQuery("api.admin.webhooks.index", undefined, {
    refetchInterval: WEBHOOKS_REFRESH_MS,
  });

/** The delivery log of one endpoint, while it is shown. */
export const useWebhookDeliveries = (id: number, enabled: boolean) =>
  useRouteQuery(
    "api.admin.webhooks.deliveries",
    { id },
    {
      refetchInterval: WEBHOOKS_REFRESH_MS,
      enabled,
      select: (answer) => answer.data,
    },
  );

/** Registers an endpoint; the answer holds its secret, shown once. */
export const useCreateWebhook = () =>
  useRouteMutation("api.admin.webhooks.store");

/** Queues a test event to one endpoint; the list and its log are read again. */
export const useTestWebhook = () => useRouteMutation("api.admin.webhooks.test");

export function useDeleteWebhook() {
  const api = useApi();
  const queryClient = useQueryClient();
  const list = api.queryKey("api.admin.webhooks.index");
  const deliveries = (id: number) =>
    api.queryKey("api.admin.webhooks.deliveries", { id });
  return useMutation({
    meta: { toast: "The endpoint has been removed." },
    // A read of its log still on its way would be answered after the row is gone (a 404): it is
    // cancelled before the removal is sent, and the item asks for no more while it is removed
    // (components/admin/webhook-endpoint.tsx).
    onMutate: (id: number) =>
      queryClient.cancelQueries({ queryKey: deliveries(id) }),
    mutationFn: (id: number) => api.call("api.admin.webhooks.destroy", { id }),
    // The removed endpoint leaves the list at once, so its delivery log stops asking for a row
    // that no longer exists (a 404) before the list is read again.
    onSuccess: (_data, id) => {
      queryClient.setQueryData<WebhookList>(
        list,
        (current) =>
          current && {
            ...current,
            data: current.data.filter((endpoint) => endpoint.id !== id),
          },
      );
      queryClient.removeQueries({ queryKey: deliveries(id) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: list }),
  });
}
