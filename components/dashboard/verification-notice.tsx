"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { useT } from "@/lib/client/i18n";
import { useResendVerification } from "@/lib/client/use-resend-verification";

/** While the address is unverified: say so, and offer to send the link again. */
export function VerificationNotice({ email }: { email: string }) {
  const t = useT();
  const resend = useResendVerification();
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
