"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import { queryKeys } from "@/lib/client/queries";

/** Rows a page of the history shows (the route allows up to 100). */
export const SIGN_IN_HISTORY_PAGE_SIZE = 10;

/** One page of the caller's own sign-in history, newest first (decision record 095). */
export function useSignInHistory(page: number) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.signInHistory(page),
    queryFn: ({ signal }) =>
      api.call(
        "api.app.user.authentication-log",
        { page, per_page: SIGN_IN_HISTORY_PAGE_SIZE },
        { signal },
      ),
    // The page shown stays while the next one loads: the list does not jump.
    placeholderData: keepPreviousData,
  });
}
