"use client";

import { useMutation } from "@tanstack/react-query";
import { toastOnNextPage } from "@/lib/client/next-page-toast";
import { useApi } from "@/lib/client/api-context";

// Not useRouteMutation: acting as someone is two calls and a full page load as the new identity.

/**
 * The identity changes under every screen at once; a full page load starts the new one clean
 * (a soft navigation let the old screen refetch its admin data as the new user, and get a 403).
 */
function startOver(path: string): Promise<never> {
  window.location.assign(path);
  return new Promise(() => {}); // keeps the button busy until the page goes
}

/**
 * contract §3 Impersonation: request a token for the target, sign in with it (its GET as JSON),
 * then reload the session on the dashboard as that user.
 */
export function useImpersonate() {
  const api = useApi();
  return useMutation({
    mutationFn: async (targetUserId: number) => {
      const { token } = await api.call("impersonate", {
        target_user_id: targetUserId,
      });
      await api.call("impersonate-token", { token });
      return startOver("/admin");
    },
  });
}

/** POST revert-impersonate: back to the original account, or signed out when it is too late. */
export function useRevertImpersonation() {
  const api = useApi();
  return useMutation({
    mutationFn: async () => {
      const result = await api.call("revert-impersonate");
      if (!result.success) return startOver("/auth/login");
      const session = await api.call("get-auth", undefined, {
        ignoreUnauthenticated: true,
      });
      toastOnNextPage("You are back in your own account.");
      return startOver(session.is_admin ? "/admin/users" : "/admin");
    },
  });
}
