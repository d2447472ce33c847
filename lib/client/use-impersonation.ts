"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useApi } from "@/lib/client/api-context";
import type { User } from "@/lib/client/api-types";
import { useReloadSession } from "@/lib/client/use-session";

/**
 * SPEC §3 Impersonation: request a token for the target, sign in with it (GET url as JSON),
 * then reload the session and start over on the dashboard as that user.
 */
export function useImpersonate() {
  const api = useApi();
  const router = useRouter();
  const reload = useReloadSession();
  return useMutation({
    mutationFn: async (targetUserId: number) => {
      const { url } = await api.call<{ token: string; url: string }>("impersonate", { target_user_id: targetUserId });
      return api.request<{ success: boolean; user: User }>(url);
    },
    onSuccess: async () => {
      await reload();
      router.replace("/admin");
    },
  });
}

/** POST revert-impersonate: back to the original account, or signed out when it is too late. */
export function useRevertImpersonation() {
  const api = useApi();
  const router = useRouter();
  const reload = useReloadSession();
  return useMutation({
    mutationFn: () => api.call<{ success: boolean; user: User | null }>("revert-impersonate"),
    onSuccess: async (result) => {
      const session = await reload();
      if (!result.success || !session.authenticated) router.replace("/auth/login");
      else router.replace(session.is_admin ? "/admin/users" : "/admin");
    },
  });
}
