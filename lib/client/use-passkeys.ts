"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import { useT } from "@/lib/client/i18n";
import {
  createCredential,
  getAssertion,
  PASSKEY_ACTIONS as ACTIONS,
} from "@/lib/client/passkey-ceremony";
import { useRouteQuery } from "@/lib/client/route-query";

// Not useRouteMutation: adding a passkey and confirming with one are browser ceremonies between
// two calls (options, then the credential). Renaming and deleting one are changes by name at
// their screens (decision record 109).

/** The caller's passkeys (GET user/passkeys), for the Passkeys card and the step-up dialog. */
export const usePasskeys = (enabled = true) =>
  useRouteQuery(ACTIONS.list, undefined, {
    enabled,
    select: (answer) => answer.passkeys,
  });

/** Registration: options, the browser's ceremony, then the new passkey stored under `name`. */
export function useAddPasskey() {
  const api = useApi();
  const t = useT();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { toast: "Passkey added. You can use it the next time you sign in." },
    mutationFn: async (name: string) => {
      const { options } = await api.call(ACTIONS.registrationOptions);
      const credential = await createCredential(options, t);
      return api.call(ACTIONS.store, {
        name,
        credential,
      });
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: api.staleKey(ACTIONS.store) }),
  });
}

/** Step-up by passkey: the same confirmation as the password's (POST passkeys/confirm). */
export function useConfirmWithPasskey() {
  const api = useApi();
  const t = useT();
  return useMutation({
    mutationFn: async () => {
      const { options } = await api.call(ACTIONS.confirmOptions);
      const credential = await getAssertion(options, t);
      return api.call(ACTIONS.confirm, { credential });
    },
  });
}
