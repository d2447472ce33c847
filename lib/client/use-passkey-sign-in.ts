"use client";

import {
  type AuthenticationResponseJSON,
  browserSupportsWebAuthnAutofill,
} from "@simplewebauthn/browser";
import { useMutation } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { useApi } from "@/lib/client/api-context";
import { useT } from "@/lib/client/i18n";
import {
  cancelCeremony,
  getAssertion,
  PASSKEY_ACTIONS as ACTIONS,
} from "@/lib/client/passkey-ceremony";
import { safeRedirect } from "@/lib/http/safe-redirect";
import { useGoAfterSignIn } from "@/lib/client/use-go-after-sign-in";
import { useReloadSession } from "@/lib/client/use-session";

// Not useRouteMutation: a passkey sign-in is a browser ceremony between two calls, then a new
// session and the redirect.

/**
 * "Sign in with a passkey" and the browser's autofill of the email field (conditional UI), started
 * once the screen knows it is a guest's. A passkey is both factors: no challenge follows. After
 * either, the session is reloaded and `redirect` followed, as after a password sign-in. The
 * autofill waits unseen, so its own failures are not shown: an error appears only after the
 * person acted (the button, or a passkey chosen from the suggestions; decision record 070).
 */
export function usePasskeySignIn(redirect: string | null, autofill: boolean) {
  const api = useApi();
  const t = useT();
  const goTo = useGoAfterSignIn();
  const reload = useReloadSession();

  const options = useCallback(
    () => api.call(ACTIONS.loginOptions).then((r) => r.options),
    [api],
  );
  const complete = useMutation({
    mutationFn: async (credential: AuthenticationResponseJSON) => {
      await api.csrfCookie(); // the session is regenerated, as at login
      return api.call(ACTIONS.login, {
        credential,
      });
    },
    onSuccess: async () => {
      await reload();
      goTo(safeRedirect(redirect));
    },
  });
  const { mutate: submit } = complete;

  const button = useMutation({
    mutationFn: async () => {
      cancelCeremony();
      return complete.mutateAsync(await getAssertion(await options(), t));
    },
  });

  useEffect(() => {
    if (!autofill) return;
    let live = true;
    void (async () => {
      if (!(await browserSupportsWebAuthnAutofill()) || !live) return;
      try {
        const credential = await getAssertion(await options(), t, true);
        if (live) submit(credential);
      } catch {
        // Nobody asked yet (a refused host, options that failed, a cancelled wait): the button stays.
      }
    })();
    return () => {
      live = false;
      cancelCeremony();
    };
  }, [autofill, options, submit, t]);

  return {
    start: () => button.mutate(),
    pending: button.isPending || complete.isPending || complete.isSuccess,
    error: button.error ?? complete.error,
  };
}
