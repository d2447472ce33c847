"use client";

import { type FormEvent, useRef } from "react";
import { SignInCodeField } from "@/components/auth/sign-in-code-field";
import { AuthCard } from "@/components/auth/auth-card";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { useT } from "@/lib/client/i18n";
import { useFormChecks } from "@/lib/client/use-form-checks";
import { useVerifySignInLink } from "@/lib/client/use-passwordless";

/**
 * The page a sign-in link opens (decision record 088): nothing happens until the button is
 * pressed (a mail scanner that fetches the link signs nobody in). The browser that asked for
 * the link needs nothing more; another one is asked for the code from the mail.
 */
export function PasswordlessConfirm({ token }: { token: string }) {
  const t = useT();
  const verify = useVerifySignInLink(null);
  const form = useRef<HTMLFormElement>(null);
  // A refused link is the form's own error; a missing or wrong code is the field's.
  const { errors, check } = useFormChecks(form, verify.error, ["code"]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (verify.isPending || verify.isSuccess || !check()) return;
    const code = String(new FormData(event.currentTarget).get("code") ?? "");
    verify.mutate({ token, ...(code !== "" && { code }) });
  }

  return (
    <AuthCard
      title={t("Sign in to your account")}
      description={t(
        "Click the button to finish signing in. Opened on another device than the one that asked? Enter the code from the email too.",
      )}
    >
      <form ref={form} onSubmit={submit} noValidate className="space-y-5">
        <ErrorAlert error={errors.general} />
        <SignInCodeField error={errors.fields.code} />
        <Button
          type="submit"
          className="w-full"
          loading={verify.isPending || verify.isSuccess}
        >
          {t("Sign in")}
        </Button>
      </form>
    </AuthCard>
  );
}
