"use client";

import { useMutation } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import type { User } from "@/lib/client/api-types";
import { safeRedirect } from "@/lib/client/safe-redirect";
import { useGoAfterSignIn } from "@/lib/client/use-go-after-sign-in";
import { useReloadSession } from "@/lib/client/use-session";

export type LoginInput = { email: string; password: string; remember: boolean };
export type RegisterInput = { name: string; email: string; password: string; password_confirmation: string };

/**
 * SPEC §4 rule 7 for login and register: a fresh CSRF cookie first (the session is regenerated),
 * then the session reloaded, then `redirect` if it is an internal path, else /admin.
 */
function useSignIn<T>(action: "login" | "register", redirect: string | null) {
  const api = useApi();
  const goTo = useGoAfterSignIn();
  const reload = useReloadSession();
  return useMutation({
    mutationFn: async (input: T) => {
      await api.csrfCookie();
      return api.call<{ success: boolean; user: User }>(action, input);
    },
    onSuccess: async () => {
      await reload();
      goTo(safeRedirect(redirect));
    },
  });
}

export function useLogin(redirect: string | null) {
  return useSignIn<LoginInput>("login", redirect);
}

export function useRegister(redirect: string | null) {
  return useSignIn<RegisterInput>("register", redirect);
}
