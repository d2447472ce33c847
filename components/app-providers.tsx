"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { StepUpDialog } from "@/components/auth/step-up-dialog";
import { ToastProvider } from "@/components/ui/toaster";
import { ApiError } from "@/lib/client/api";
import { ApiProvider } from "@/lib/client/api-context";
import type { FrontendSettings } from "@/lib/client/frontend-settings";
import { I18nProvider } from "@/lib/client/i18n";
import { SettingsProvider } from "@/lib/client/settings-context";

// A 4xx will not change by asking again; a network blip or a 5xx might.
function shouldRetry(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500)
    return false;
  return failures < 2;
}

/**
 * Everything a screen reads from context: settings, language, the query cache and the API client,
 * and the step-up dialog that any call answered 423 opens.
 */
export function AppProviders({
  settings,
  children,
}: {
  settings: FrontendSettings;
  children: ReactNode;
}) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { retry: shouldRetry, refetchOnWindowFocus: false },
          mutations: { retry: false },
        },
      }),
  );
  return (
    <SettingsProvider settings={settings}>
      <I18nProvider locale={settings.locale}>
        <QueryClientProvider client={queryClient}>
          <ApiProvider>
            <ToastProvider>
              {children}
              <StepUpDialog />
            </ToastProvider>
          </ApiProvider>
        </QueryClientProvider>
      </I18nProvider>
    </SettingsProvider>
  );
}
