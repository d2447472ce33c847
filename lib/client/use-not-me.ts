"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useApi } from "@/lib/client/api-context";
import type { RouteInput } from "@/lib/client/contract";

// Not useRouteMutation: a fresh CSRF cookie first (a guest's link from a mail), then the reset screen.

/**
 * The new-device mail's "this was not me" (decision record 095): sends the link's fields on, then
 * opens the password reset for the account's address.
 */
export function useNotMe() {
  const api = useApi();
  const router = useRouter();
  return useMutation({
    mutationFn: async (
      input: RouteInput<"api.app.authentication-log.not-me">,
    ) => {
      await api.csrfCookie();
      return api.call("api.app.authentication-log.not-me", input);
    },
    onSuccess: ({ email }) =>
      router.replace(
        `/auth/forgot-password?email=${encodeURIComponent(email)}`,
      ),
  });
}
