"use client";

import { useRouteMutation, useRouteQuery } from "@/lib/client/route-query";

// The worker sends within seconds: a list left open follows it instead of going stale.
const MAIL_REFRESH_MS = 5_000;

/** Queued and failed messages, newest first (only their envelopes: bodies hold single-use links). */
export const useMailQueue = () =>
  useRouteQuery("api.admin.mail", undefined, {
    refetchInterval: MAIL_REFRESH_MS,
  });

/** Puts a failed message back on the queue (404 when it is no longer failed). */
export const useRetryMail = () =>
  useRouteMutation("api.admin.mail.retry", {
    toast: "The message is back in the queue.",
  });
