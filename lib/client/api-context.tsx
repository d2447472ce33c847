"use client";

import { partialMatchKey, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { createContext, type ReactNode, useContext, useState } from "react";
import { type ApiClient, createApiClient } from "@/lib/client/api";
import type { Session } from "@/lib/client/contract";
import { loginPathFor } from "@/lib/http/safe-redirect";
import {
  createStepUpController,
  type StepUpController,
} from "@/lib/client/step-up";
import { useSettings } from "@/lib/client/settings-context";

export const GUEST_SESSION: Session = {
  user: null,
  authenticated: false,
  is_admin: false,
  verified: false,
  impersonating: false,
  two_factor_enabled: false,
  two_factor_required: false,
};

const ApiContext = createContext<ApiClient | null>(null);
const StepUpContext = createContext<StepUpController | null>(null);

/**
 * Builds the API client once, with the route manifest, what a stray 401 does, and the step-up
 * question a 423 opens (answered by the dialog the providers render).
 */
export function ApiProvider({ children }: { children: ReactNode }) {
  const { routes } = useSettings();
  const queryClient = useQueryClient();
  // The App Router's router is stable for the life of the app; the location is read when a 401 arrives.
  const router = useRouter();

  const [stepUp] = useState(createStepUpController);
  const [client] = useState(() => {
    const api: ApiClient = createApiClient({
      routes,
      onConfirmationRequired: () => stepUp.ask(),
      onUnauthenticated() {
        // The session is get-auth's read (lib/client/use-session.ts): kept, as a guest's.
        const session = api.queryKey("get-auth");
        queryClient.removeQueries({
          predicate: (query) => !partialMatchKey(query.queryKey, session),
        });
        queryClient.setQueryData(session, GUEST_SESSION);
        const { pathname, search } = window.location;
        if (pathname.startsWith("/auth/")) return;
        router.replace(loginPathFor(`${pathname}${search}`));
      },
    });
    return api;
  });
  return (
    <ApiContext.Provider value={client}>
      <StepUpContext.Provider value={stepUp}>{children}</StepUpContext.Provider>
    </ApiContext.Provider>
  );
}

export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error("useApi must be used inside ApiProvider");
  return client;
}

/** The open step-up question, for the dialog that answers it. */
export function useStepUpController(): StepUpController {
  const controller = useContext(StepUpContext);
  if (!controller)
    throw new Error("useStepUpController must be used inside ApiProvider");
  return controller;
}
