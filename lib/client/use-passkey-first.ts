"use client";

import { useMutation } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import type { RouteInput } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";
import {
  createCredential,
  PASSKEY_ACTIONS as ACTIONS,
} from "@/lib/client/passkey-ceremony";
import { useRouteQuery } from "@/lib/client/route-query";
import { safeRedirect } from "@/lib/http/safe-redirect";
import { useGoAfterSignIn } from "@/lib/client/use-go-after-sign-in";
import { useReloadSession } from "@/lib/client/use-session";

// Not useRouteMutation: signing up with a passkey is a browser ceremony between two calls, then
// the new session. Dismissing the offer, setting a password and asking for its link are changes
// by name at their screens (decision record 109).

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

/** The account's ways in, for the Security screen, its Passkeys card, the offer and the step-up. */
export const useSignInMethods = (enabled = true) =>
  useRouteQuery(ACTIONS.signInMethods, undefined, { enabled });
