"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { useRouteQuery } from "@/lib/client/route-query";

/** Rows a page of the history shows (the route allows up to 100). */
export const SIGN_IN_HISTORY_PAGE_SIZE = 10;

/** One page of the caller's own sign-in history, newest first (decision record 095). */
export const useSignInHistory = (page: number) =>
  useRouteQuery(
    "api.app.user.authentication-log",
    { page, per_page: SIGN_IN_HISTORY_PAGE_SIZE },
    // The page shown stays while the next one loads: the list does not jump.
    { placeholderData: keepPreviousData },
  );
