"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import { useT } from "@/lib/client/i18n";
import {
  createCredential,
  getAssertion,
  PASSKEY_ACTIONS as ACTIONS,
} from "@/lib/client/passkey-ceremony";
import { queryKeys } from "@/lib/client/queries";

/** The caller's passkeys (GET user/passkeys). */
export function usePasskeys(enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.passkeys,
    enabled,
    queryFn: () => api.call(ACTIONS.list).then((r) => r.passkeys),
  });
}

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
      queryClient.invalidateQueries({ queryKey: queryKeys.passkeys }),
  });
}

export function useRenamePasskey() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { toast: "Passkey renamed." },
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      api.call(ACTIONS.update, { passkey: id, name }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.passkeys }),
  });
}

/** DELETE user/passkeys/{id}: a 423 opens the step-up dialog, and the call goes again. */
export function useDeletePasskey() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { toast: "Passkey deleted." },
    mutationFn: (id: number) => api.call(ACTIONS.destroy, { passkey: id }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.passkeys }),
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
