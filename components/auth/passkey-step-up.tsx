"use client";

import { useSyncExternalStore } from "react";
import type { StepUpMethodProps } from "@/components/auth/step-up-methods";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Icon } from "@/components/ui/icon";
import { OrDivider } from "@/components/ui/or-divider";
import { useStepUpController } from "@/lib/client/api-context";
import { useT } from "@/lib/client/i18n";
import { useConfirmWithPasskey, usePasskeys } from "@/lib/client/use-passkeys";
import { usePasskeysUsable } from "@/lib/client/use-passkeys-usable";

/**
 * "Use a passkey" in the step-up dialog, for a user who has one (POST passkeys/confirm), where
 * passkeys can work (decision record 070).
 */
export function PasskeyStepUp({ onConfirmed, busy, alone }: StepUpMethodProps) {
  const t = useT();
  const controller = useStepUpController();
  // The dialog is mounted on every screen: the list is asked for only once it opens.
  const open = useSyncExternalStore(
    controller.subscribe,
    controller.isOpen,
    () => false,
  );
  const usable = usePasskeysUsable();
  const passkeys = usePasskeys(open && usable);
  const confirm = useConfirmWithPasskey();
  if (!usable && alone)
    return (
      <Alert tone="info">
        {t(
          "Your account confirms it is you with a passkey, which this browser cannot use. Try again on a browser or device where your passkey works.",
        )}
      </Alert>
    );
  if (!usable || !passkeys.data?.length) return null;
  return (
    <div className="space-y-3">
      {!alone && <OrDivider />}
      <ErrorAlert error={confirm.error} />
      <Button
        variant="secondary"
        className="w-full"
        icon={<Icon name="key" className="size-4" />}
        loading={confirm.isPending}
        disabled={busy}
        onClick={() =>
          confirm.mutate(undefined, {
            onSuccess: () => (confirm.reset(), onConfirmed()),
          })
        }
      >
        {confirm.isPending
          ? t("Waiting for your passkey…")
          : t("Use a passkey")}
      </Button>
    </div>
  );
}
