"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { createContext, type ReactNode, useContext, useState } from "react";
import { type ApiClient, createApiClient } from "@/lib/client/api";
import type { Session } from "@/lib/client/api-types";
import { queryKeys } from "@/lib/client/queries";
import { loginPathFor } from "@/lib/client/safe-redirect";
import { useSettings } from "@/lib/client/settings-context";

export const GUEST_SESSION: Session = { user: null, authenticated: false, is_admin: false, verified: false, impersonating: false };

const ApiContext = createContext<ApiClient | null>(null);

/** Builds the API client once, with the route manifest and what a stray 401 does. */
export function ApiProvider({ children }: { children: ReactNode }) {
  const { routes } = useSettings();
  const queryClient = useQueryClient();
  // The App Router's router is stable for the life of the app; the location is read when a 401 arrives.
  const router = useRouter();

  const [client] = useState(() =>
    createApiClient({
      routes,
      onUnauthenticated() {
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.session[0] });
        queryClient.setQueryData(queryKeys.session, GUEST_SESSION);
        const { pathname, search } = window.location;
        if (pathname.startsWith("/auth/")) return;
        router.replace(loginPathFor(`${pathname}${search}`));
      },
    }),
  );
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}

export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error("useApi must be used inside ApiProvider");
  return client;
}
