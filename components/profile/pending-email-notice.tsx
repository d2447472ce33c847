"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import type { User } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";
import { useRouteMutation } from "@/lib/client/route-query";

/** While a new address waits for confirmation: say where the link went, offer to resend or cancel. */
export function PendingEmailNotice({
  user,
  pendingEmail,
}: {
  user: User;
  pendingEmail: string;
}) {
  const t = useT();
  // A fresh confirmation link (throttled to 6 a minute by the server).
  const resend = useRouteMutation("api.app.user.email.resend");
  // The pending address is withdrawn, the one in force stays; the session's user is read again.
  const cancel = useRouteMutation("api.app.user.email.cancel", {
    stale: ["get-auth"],
  });
  const isBusy = resend.isPending || cancel.isPending;
  return (
    <div className="space-y-3">
      <Alert
        tone="warning"
        title={t("Check your inbox to confirm your new email address")}
      >
        <p>
          {t(
            "We sent a confirmation link to :pending. Until you open it, you keep signing in with :email.",
            { pending: pendingEmail, email: user.email },
          )}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            loading={resend.isPending}
            disabled={isBusy}
            onClick={() => resend.mutate({ user_id: user.id })}
          >
            {t("Resend confirmation link")}
          </Button>
          <Button
            size="sm"
            variant="secondary-danger"
            loading={cancel.isPending}
            disabled={isBusy}
            onClick={() => cancel.mutate({ user_id: user.id })}
          >
            {t("Cancel email change")}
          </Button>
        </div>
      </Alert>
      {resend.data?.status === "email-change-link-sent" && (
        <Alert tone="success">
          {t("A new confirmation link has been sent to :pending.", {
            pending: pendingEmail,
          })}
        </Alert>
      )}
      <ErrorAlert error={resend.error ?? cancel.error} />
    </div>
  );
}
