"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { StepUpDialog } from "@/components/auth/step-up-dialog";
import { ToastProvider, useToast } from "@/components/ui/toaster";
import { ApiError } from "@/lib/client/api";
import { ApiProvider } from "@/lib/client/api-context";
import type { FrontendSettings } from "@/lib/client/frontend-settings";
import { I18nProvider, useT } from "@/lib/client/i18n";
import { SettingsProvider } from "@/lib/client/settings-context";

// A 4xx will not change by asking again; a network blip or a 5xx might.
function shouldRetry(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500)
    return false;
  return failures < 2;
}

/**
 * The query cache, whose mutations confirm themselves: a mutation that declares `meta.toast`
 * (lib/client/route-query.ts) shows it, translated, once it succeeds.
 */
function QueryProvider({ children }: { children: ReactNode }) {
  const toast = useToast();
  const t = useT();
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { retry: shouldRetry, refetchOnWindowFocus: false },
          mutations: { retry: false },
        },
      }),
  );
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        const key = event.mutation?.meta?.toast;
        if (event.type === "updated" && event.action.type === "success" && key)
          toast(t(key));
      }),
    [queryClient, toast, t],
  );
  return (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
}

/**
 * Everything a screen reads from context: settings, language, the toaster, the query cache and
 * the API client, and the step-up dialog that any call answered 423 opens.
 */
export function AppProviders({
  settings,
  children,
}: {
  settings: FrontendSettings;
  children: ReactNode;
}) {
  return (
    <SettingsProvider settings={settings}>
      <I18nProvider locale={settings.locale}>
        <ToastProvider>
          <QueryProvider>
            <ApiProvider>
              {children}
              <StepUpDialog />
            </ApiProvider>
          </QueryProvider>
        </ToastProvider>
      </I18nProvider>
    </SettingsProvider>
  );
}
