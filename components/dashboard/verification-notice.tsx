"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { useT } from "@/lib/client/i18n";
import { useRouteMutation } from "@/lib/client/route-query";

/** While the address is unverified: say so, and offer to send the link again. */
export function VerificationNotice({ email }: { email: string }) {
  const t = useT();
  // Throttled to 6 a minute by the server. The session lies under the same path and is read
  // again: verified meanwhile (in another tab), the notice has nothing left to say.
  const resend = useRouteMutation("email-verification-notification");
  const isSent = resend.data?.status === "verification-link-sent";
  return (
    <div className="space-y-3">
      <Alert
        tone="warning"
        title={t("Please verify your email address")}
        action={
          <Button
            size="sm"
            variant="secondary"
            loading={resend.isPending}
            onClick={() => resend.mutate()}
          >
            {t("Resend verification email")}
          </Button>
        }
      >
        {t(
          "We sent a verification link to :email. Open it to confirm the address is yours.",
          { email },
        )}
      </Alert>
      {isSent && (
        <Alert tone="success">
          {t("A new verification link has been sent to your email address.")}
        </Alert>
      )}
      <ErrorAlert error={resend.error} />
    </div>
  );
}
