"use client";

import { useEffect, useRef, useState } from "react";
import { RecoveryCodesPanel } from "@/components/profile/two-factor/recovery-codes-panel";
import { TwoFactorSetup } from "@/components/profile/two-factor/two-factor-setup";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import { useToast } from "@/components/ui/toaster";
import type { TwoFactorSetup as Setup, User } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";
import { useRouteAllowed } from "@/lib/client/use-route-allowed";
import { TWO_FACTOR_ACTIONS as ACTIONS } from "@/lib/client/two-factor-actions";
import { useRouteMutation } from "@/lib/client/route-query";
import {
  useEnableTwoFactor,
  useRegenerateRecoveryCodes,
} from "@/lib/client/use-two-factor";

type Codes = { list: string[]; fresh: boolean };

/**
 * Profile, "Two-factor authentication": enable → QR code and key → confirm with a code → recovery
 * codes → done; then show or regenerate the codes, or turn it off. Every call here is behind the
 * step-up (the API client asks for the password when the server answers 423).
 */
export function TwoFactorCard({ user }: { user: User }) {
  const t = useT();
  const toast = useToast();
  const enable = useEnableTwoFactor();
  // Turns the second factor off (or drops a secret never confirmed): the session says so.
  const disable = useRouteMutation(ACTIONS.disable, { stale: ["get-auth"] });
  // The current recovery codes (behind the step-up, like every enrolment route).
  const show = useRouteMutation(ACTIONS.recoveryCodes);
  const regenerate = useRegenerateRecoveryCodes();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<Codes | null>(null);
  const [confirmingOff, setConfirmingOff] = useState(false);
  const allowed = useRouteAllowed();
  const isEnabled = user.two_factor_enabled === true;
  // A panel that goes away (codes seen, set-up cancelled, turned off) hands the keyboard to the card's first button.
  const content = useRef<HTMLDivElement>(null);
  const moveFocus = useRef(false);
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    content.current?.querySelector<HTMLButtonElement>("button")?.focus();
  });
  const error =
    enable.error ??
    show.error ??
    regenerate.error ??
    (confirmingOff ? null : disable.error);

  function cancelSetup() {
    // The secret was never confirmed: dropping it leaves the account as it was.
    disable.mutate(undefined, {
      onSettled: () => {
        setSetup(null);
        moveFocus.current = true;
      },
    });
  }

  let body;
  if (codes) {
    body = (
      <RecoveryCodesPanel
        codes={codes.list}
        fresh={codes.fresh}
        onDone={() => {
          setCodes(null);
          moveFocus.current = true;
        }}
      />
    );
  } else if (setup && !isEnabled) {
    body = (
      <TwoFactorSetup
        setup={setup}
        cancelling={disable.isPending}
        onCancel={cancelSetup}
        onConfirmed={(list) => {
          setSetup(null);
          setCodes({ list, fresh: true });
        }}
      />
    );
  } else if (isEnabled) {
    body = (
      <div className="space-y-4">
        <p className="text-sm text-zinc-600">
          {t(
            "Signing in asks for a code from your authenticator app. Recovery codes let you in if you lose your phone.",
          )}
        </p>
        <div className="flex flex-wrap gap-3 empty:hidden">
          {allowed("two-factor-recovery-codes") && (
            <Button
              variant="secondary"
              loading={show.isPending}
              onClick={() =>
                show.mutate(undefined, {
                  onSuccess: (list) => setCodes({ list, fresh: false }),
                })
              }
            >
              {t("Show recovery codes")}
            </Button>
          )}
          {allowed("two-factor-regenerate-recovery-codes") && (
            <Button
              variant="secondary"
              loading={regenerate.isPending}
              onClick={() =>
                regenerate.mutate(undefined, {
                  onSuccess: (list) => setCodes({ list, fresh: true }),
                })
              }
            >
              {t("Regenerate recovery codes")}
            </Button>
          )}
          {allowed("two-factor-disable") && (
            <Button
              variant="secondary-danger"
              onClick={() => setConfirmingOff(true)}
            >
              {t("Turn off")}
            </Button>
          )}
        </div>
      </div>
    );
  } else {
    body = (
      <div className="space-y-4">
        <p className="text-sm text-zinc-600">
          {t(
            "When it is on, signing in also asks for a code from an authenticator app on your phone, so a stolen password is not enough.",
          )}
        </p>
        {allowed("two-factor-enable") && (
          <Button
            loading={enable.isPending}
            onClick={() => enable.mutate(undefined, { onSuccess: setSetup })}
          >
            {t("Set up two-factor authentication")}
          </Button>
        )}
      </div>
    );
  }

  return (
    <div id="two-factor" className="scroll-mt-24">
      <Card
        title={t("Two-factor authentication")}
        description={t("A second step when you sign in.")}
        actions={
          isEnabled ? (
            <Badge tone="green">{t("On")}</Badge>
          ) : (
            <Badge tone="gray">{t("Off")}</Badge>
          )
        }
      >
        <div ref={content} className="space-y-4">
          <ErrorAlert error={error} />
          {body}
        </div>
      </Card>
      <ConfirmDialog
        open={confirmingOff}
        title={t("Turn off two-factor authentication?")}
        confirmLabel={t("Turn off")}
        loading={disable.isPending}
        onClose={() => setConfirmingOff(false)}
        onConfirm={() =>
          disable.mutate(undefined, {
            // Confirmed here, not on the mutation: cancelling a set-up uses it too.
            onSuccess: () => {
              toast(t("Two-factor authentication was turned off."));
              setConfirmingOff(false);
              moveFocus.current = true;
            },
          })
        }
      >
        <p>
          {t(
            "Signing in will ask for your password only. Your recovery codes stop working.",
          )}
        </p>
        {disable.error !== null && confirmingOff && (
          <div className="mt-3">
            <ErrorAlert error={disable.error} />
          </div>
        )}
      </ConfirmDialog>
    </div>
  );
}
