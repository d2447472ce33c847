"use client";

import { platformAuthenticatorIsAvailable } from "@simplewebauthn/browser";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { useT } from "@/lib/client/i18n";
import { usePasskeysUsable } from "@/lib/client/use-passkeys-usable";
import { markOfferAnswered, takeOffer } from "@/lib/client/passkey-offer";
import { useAddPasskey, usePasskeys } from "@/lib/client/use-passkeys";

type Stage = "hidden" | "offered" | "done";

/**
 * After a password sign-in on a device with a built-in authenticator (fingerprint, face, screen
 * lock), once: "Create a passkey for this device?" for a user who has none.
 */
export function PasskeyOffer({ userId }: { userId: number }) {
  const t = useT();
  const [stage, setStage] = useState<Stage>("hidden");
  const passkeys = usePasskeys(stage === "offered");
  const add = useAddPasskey();
  const usable = usePasskeysUsable();

  useEffect(() => {
    if (!usable || !takeOffer(userId)) return;
    let live = true;
    void platformAuthenticatorIsAvailable().then(
      (available) => live && setStage(available ? "offered" : "hidden"),
    );
    return () => {
      live = false;
    };
  }, [userId, usable]);

  // Once answered the offer goes; a passkey added confirms itself (its mutation's toast).
  if (stage !== "offered" || !passkeys.data || passkeys.data.length > 0)
    return null;

  const answer = (next: Stage) => {
    markOfferAnswered(userId);
    setStage(next);
  };
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
      <ErrorAlert error={add.error} />
      <div className="flex flex-wrap gap-3">
        <Button
          loading={add.isPending}
          onClick={() =>
            add.mutate(t("Passkey on this device"), {
              onSuccess: () => answer("done"),
            })
          }
        >
          {add.isPending
            ? t("Waiting for your device…")
            : t("Create a passkey")}
        </Button>
        <Button
          variant="secondary"
          disabled={add.isPending}
          onClick={() => answer("hidden")}
        >
          {t("Not now")}
        </Button>
      </div>
    </section>
  );
}
