"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import type { RouteInput } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";
import {
  createCredential,
  PASSKEY_ACTIONS as ACTIONS,
} from "@/lib/client/passkey-ceremony";
import { queryKeys } from "@/lib/client/queries";
import { safeRedirect } from "@/lib/http/safe-redirect";
import { useGoAfterSignIn } from "@/lib/client/use-go-after-sign-in";
import { useReloadSession } from "@/lib/client/use-session";

/**
 * "Sign up with a passkey" (decision record 107): options for the name and address, the browser's
 * ceremony, then the account made and signed in; afterwards as after register.
 */
export function useRegisterWithPasskey(redirect: string | null) {
  const api = useApi();
  const t = useT();
  const goTo = useGoAfterSignIn();
  const reload = useReloadSession();
  return useMutation({
    mutationFn: async (who: RouteInput<"register-passkey-options">) => {
      await api.csrfCookie(); // the session is regenerated, as at register
      const { options } = await api.call(ACTIONS.signupOptions, who);
      const credential = await createCredential(options, t);
      return api.call(ACTIONS.signup, { ...who, credential });
    },
    onSuccess: async () => {
      await reload();
      goTo(safeRedirect(redirect));
    },
  });
}

/** The account's ways in as the Security screen and the passkey offer need them. */
export function useSignInMethods(enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.signInMethods,
    enabled,
    queryFn: () => api.call(ACTIONS.signInMethods),
  });
}

/** "Not now" to the passkey offer: remembered for the account, on every browser. */
export function useDismissPasskeyOffer() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(ACTIONS.dismissOffer),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.signInMethods }),
  });
}

/** POST user/set-password: a first password, behind the step-up a passkey gives. */
export function useSetPassword() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { toast: "Password set." },
    mutationFn: (input: RouteInput<"set-password">) =>
      api.call("set-password", input),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.signInMethods }),
  });
}

/**
 * POST user/set-password/link: the reset link mailed to an account with neither a password nor a
 * passkey, whose step-up has nothing to confirm with (decision record 111).
 */
export function useSendSetPasswordLink() {
  const api = useApi();
  return useMutation({
    mutationFn: () => api.call(ACTIONS.setPasswordLink),
  });
}
