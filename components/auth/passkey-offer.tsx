"use client";

import { platformAuthenticatorIsAvailable } from "@simplewebauthn/browser";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { useT } from "@/lib/client/i18n";
import { usePasskeysUsable } from "@/lib/client/use-passkeys-usable";
import { useAddPasskey } from "@/lib/client/use-passkeys";
import { useRouteMutation } from "@/lib/client/route-query";
import { useSignInMethods } from "@/lib/client/use-passkey-first";

/**
 * After a password sign-in on a device with a built-in authenticator (fingerprint, face, screen
 * lock): "Create a passkey for this device?" for an account with none, until its owner dismisses
 * it. The server decides and remembers it for the account (decision record 107).
 */
export function PasskeyOffer() {
  const t = useT();
  const usable = usePasskeysUsable();
  const [available, setAvailable] = useState(false);
  const methods = useSignInMethods(usable && available);
  const add = useAddPasskey();
  // Remembered for the account, on every browser; the offer's flag is read again.
  const dismiss = useRouteMutation("passkey-offer-dismiss");

  useEffect(() => {
    if (!usable) return;
    let live = true;
    void platformAuthenticatorIsAvailable().then(
      (yes) => live && setAvailable(yes),
    );
    return () => {
      live = false;
    };
  }, [usable]);

  // A passkey added confirms itself (its mutation's toast), and the offer is no longer made.
  if (!methods.data?.passkey_offer || add.isSuccess || dismiss.isPending)
    return null;
  return (
    <section
      aria-labelledby="passkey-offer-title"
      className="mb-6 space-y-3 rounded-xl bg-indigo-50 p-5 ring-1 ring-indigo-200"
    >
      <h2
        id="passkey-offer-title"
        className="text-base font-semibold text-indigo-950"
      >
        {t("Sign in faster with a passkey")}
      </h2>
      <p className="text-sm text-indigo-900">
        {t(
          "This device can keep a passkey: next time, sign in with your fingerprint, face or screen lock instead of your password.",
        )}
      </p>
      <ErrorAlert error={add.error ?? dismiss.error} />
      <div className="flex flex-wrap gap-3">
        <Button
          loading={add.isPending}
          onClick={() => add.mutate(t("Passkey on this device"))}
        >
          {add.isPending
            ? t("Waiting for your device…")
            : t("Create a passkey")}
        </Button>
        <Button
          variant="secondary"
          disabled={add.isPending}
          onClick={() => dismiss.mutate()}
        >
          {t("Not now")}
        </Button>
      </div>
    </section>
  );
}
