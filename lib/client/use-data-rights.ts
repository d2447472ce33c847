"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { GUEST_SESSION, useApi } from "@/lib/client/api-context";
import { sessionKey } from "@/lib/client/use-session";

// Not useRouteMutation: the download becomes a file the browser saves; deleting the account
// drops every read (none may be read again: a 401 would lose the status) and leaves the page.

/** "Download my data": fetched as JSON through the API client, saved as a file by the browser. */
export function useDownloadMyData() {
  const api = useApi();
  return useMutation({
    meta: { toast: "Your data has been downloaded." },
    mutationFn: async () => {
      const data = await api.call("api.app.user.export");
      const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], {
        type: "application/json",
      });
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = `my-data-${data.exported_at.slice(0, 10)}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      // After the click has handed the file to the browser.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  });
}

/** "Delete my account" (DELETE /api/app/user with the password); signed out everywhere on success. */
export function useDeleteAccount() {
  const api = useApi();
  const router = useRouter();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      api.call("api.app.user.destroy", { password }),
    onSuccess: () => {
      queryClient.removeQueries();
      queryClient.setQueryData(sessionKey(api), GUEST_SESSION);
      router.replace("/auth/login?status=account-deleted");
    },
  });
}
