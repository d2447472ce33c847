"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useApi } from "@/lib/client/api-context";
import { useRouteQuery } from "@/lib/client/route-query";
import type { SettingsListing } from "@/lib/client/contract";
import { queryKeys } from "@/lib/client/queries";

// Named for the administration: `useSettings` (settings-context.tsx) is the configuration the page was rendered with.

/** The effective configuration, the environment and the social providers (secrets masked by the server). */
export const useAdminSettings = () => useRouteQuery("api.admin.settings");

/** What every change does afterwards: show the listing it answered, and let the rest of the screen catch up. */
function useApplyListing() {
  const api = useApi();
  const queryClient = useQueryClient();
  const router = useRouter();
  return ({
    settings,
    environment,
    providers,
    refresh_seconds,
  }: SettingsListing) => {
    queryClient.setQueryData<SettingsListing>(
      api.queryKey("api.admin.settings"),
      {
        settings,
        environment,
        providers,
        refresh_seconds,
      },
    );
    // The change is in the audit log now; `admins` may have changed whether this user is one.
    void queryClient.invalidateQueries({
      queryKey: api.staleKey("api.admin.activity"),
    });
    void queryClient.invalidateQueries({ queryKey: queryKeys.session });
    // The switches and password rules this tab was rendered with come from the root layout.
    router.refresh();
  };
}

/** PUT one key; a 422 names the key (`errors.value`) or refuses it (`errors.key`). */
export function useSaveSetting() {
  const api = useApi();
  const apply = useApplyListing();
  return useMutation({
    mutationFn: ({ key, value }: { key: string; value: unknown }) =>
      api.call("api.admin.settings.update", { key, value }),
    onSuccess: apply,
  });
}

/** DELETE one key: back to its start-up value. */
export function useRevertSetting() {
  const api = useApi();
  const apply = useApplyListing();
  return useMutation({
    mutationFn: (key: string) => api.call("api.admin.settings.revert", { key }),
    onSuccess: apply,
  });
}
