"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import { queryKeys } from "@/lib/client/queries";

// The worker sends within seconds: a list left open follows it instead of going stale.
const MAIL_REFRESH_MS = 5_000;

/** Queued and failed messages, newest first (only their envelopes: bodies hold single-use links). */
export function useMailQueue() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.mailQueue,
    queryFn: ({ signal }) => api.call("api.admin.mail", undefined, { signal }),
    refetchInterval: MAIL_REFRESH_MS,
  });
}

/** Puts a failed message back on the queue (404 when it is no longer failed). */
export function useRetryMail() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { toast: "The message is back in the queue." },
    mutationFn: (id: number) => api.call("api.admin.mail.retry", { id }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.mailQueue }),
  });
}
