"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorAlert } from "@/components/ui/error-alert";
import { useT } from "@/lib/client/i18n";
import { useRouteMutation } from "@/lib/client/route-query";

/**
 * "Set a password" for an account with neither a password nor a passkey (decision record 111):
 * the step-up has nothing to confirm with, so no form — the reset link, mailed to the account's
 * address, sets the password. `providers` is the server's: how the account signs in today.
 */
export function SetPasswordLink({
  email,
  providers,
}: {
  email: string;
  providers: { name: string; label: string }[];
}) {
  const t = useT();
  // The reset link mailed to an account with neither a password nor a passkey (decision record 111).
  const send = useRouteMutation("set-password-link");
  const names = providers.map((provider) => provider.label).join(", ");
  return (
    <Card
      title={t("Set a password")}
      description={
        providers.length > 0
          ? t(
              "Your account has no password: you sign in with :providers. A password lets you sign in without it.",
              { providers: names },
            )
          : t(
              "Your account has no password or passkey yet. A password lets you sign in without an emailed link.",
            )
      }
      footer={
        <Button
          loading={send.isPending}
          disabled={send.isSuccess}
          onClick={() => send.mutate()}
        >
          {t("Email me the link")}
        </Button>
      }
    >
      <div className="space-y-4">
        <p className="text-sm text-zinc-600">
          {t(
            "To make sure it is you, we email a link to :email. Open it once signed out here, or on another device, to choose your password.",
            { email },
          )}
        </p>
        <ErrorAlert error={send.error} />
        {send.data && <Alert tone="success">{send.data.message}</Alert>}
      </div>
    </Card>
  );
}
