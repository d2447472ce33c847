"use client";

import { useRouter } from "next/navigation";
import { useCallback } from "react";
import { useApi } from "@/lib/client/api-context";

/** The API link the browser is already loading (module state: a full page load resets it). */
let loading: string | null = null;

/**
 * Where a guest screen sends a user who is now signed in: a screen through the router; an API
 * link of a mail (verification, email change) loaded by the browser itself, and only once. The
 * login form and the signed-in check both ask, and a single-use link must not be opened twice
 * (nor fetched by the router, whose `_rsc` query breaks its signature).
 */
export function useGoAfterSignIn(): (target: string) => void {
  const api = useApi();
  const router = useRouter();
  return useCallback(
    (target: string) => {
      if (!api.isApiPath(target)) return router.replace(target);
      if (loading === target) return;
      loading = target;
      window.location.assign(target);
    },
    [api, router],
  );
}
