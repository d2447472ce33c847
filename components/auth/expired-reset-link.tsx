"use client";

import Link from "next/link";
import { AuthCard, LINK_CLASSES } from "@/components/auth/auth-card";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { useT } from "@/lib/client/i18n";
import { useForgotPassword } from "@/lib/client/use-password-reset";

/**
 * A reset link that no longer works (used, expired or replaced by a newer one), said as soon as
 * the screen opens instead of after two new passwords (decision record 090), with the one thing
 * to do: a new link to the same address.
 */
export function ExpiredResetLink({ email }: { email: string }) {
  const t = useT();
  const forgot = useForgotPassword();
  return (
    <AuthCard
      title={t("This link no longer works")}
      description={t(
        "A reset link works once, for a limited time, and only the newest one sent works.",
      )}
      footer={
        <Link href="/auth/login" className={LINK_CLASSES}>
          {t("Back to sign in")}
        </Link>
      }
    >
      <div className="space-y-5">
        {forgot.isSuccess ? (
          // The same answer whether or not the account exists, so it can be shown as is.
          <Alert tone="success" title={t("Check your inbox")}>
            {forgot.data.message}
          </Alert>
        ) : (
          <>
            <ErrorAlert error={forgot.error} />
            <Button
              className="w-full"
              loading={forgot.isPending}
              onClick={() => forgot.mutate({ email })}
            >
              {t("Send a new link")}
            </Button>
          </>
        )}
      </div>
    </AuthCard>
  );
}
