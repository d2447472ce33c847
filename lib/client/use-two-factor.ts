"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useApi } from "@/lib/client/api-context";
import type { TwoFactorSetup } from "@/lib/client/contract";
import { safeRedirect } from "@/lib/http/safe-redirect";
import { TWO_FACTOR_ACTIONS as ACTIONS } from "@/lib/client/two-factor-actions";
import { useGoAfterSignIn } from "@/lib/client/use-go-after-sign-in";
import { sessionKey, useReloadSession } from "@/lib/client/use-session";

// Not useRouteMutation: the challenge completes a sign-in (a fresh CSRF cookie, the session
// reloaded, the redirect), enrolment and its confirmation are two and three calls, regenerating
// the codes is two. Showing the codes, turning the factor off and the step-up's password are
// changes by name at their screens (decision record 109).

export type ChallengeInput = { code: string } | { recovery_code: string };

/** POST two-factor-challenge: the pending sign-in completes (204), then login's redirect rules apply. */
export function useTwoFactorChallenge(redirect: string | null) {
  const api = useApi();
  const goTo = useGoAfterSignIn();
  const reload = useReloadSession();
  return useMutation({
    mutationFn: async (input: ChallengeInput) => {
      await api.csrfCookie(); // the session is regenerated, as at login
      await api.call(ACTIONS.challenge, input);
    },
    onSuccess: async () => {
      await reload();
      goTo(safeRedirect(redirect));
    },
  });
}

/** Enrolment starts: a new secret (not in force until confirmed), shown as a QR code and as text. */
export function useEnableTwoFactor() {
  const api = useApi();
  return useMutation({
    mutationFn: async (): Promise<TwoFactorSetup> => {
      await api.call(ACTIONS.enable);
      const [qr, secret] = await Promise.all([
        api.call(ACTIONS.qrCode),
        api.call(ACTIONS.secretKey),
      ]);
      // `[]`: no secret (Fortify's answer), which enabling has just stored.
      if (Array.isArray(qr)) throw new Error("No two-factor secret.");
      return { ...qr, secretKey: secret.secretKey };
    },
  });
}

/** A code from the app confirms the secret; the recovery codes are shown at once. */
export function useConfirmTwoFactor() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { toast: "Two-factor authentication was turned on." },
    mutationFn: async (code: string) => {
      await api.call(ACTIONS.confirm, { code });
      return api.call(ACTIONS.recoveryCodes);
    },
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: sessionKey(api) }),
  });
}

/** A new set of recovery codes; the old ones stop working. */
export function useRegenerateRecoveryCodes() {
  const api = useApi();
  return useMutation({
    meta: {
      toast: "New recovery codes were made; the old ones no longer work.",
    },
    mutationFn: async () => {
      await api.call(ACTIONS.regenerateRecoveryCodes);
      return api.call(ACTIONS.recoveryCodes);
    },
  });
}
