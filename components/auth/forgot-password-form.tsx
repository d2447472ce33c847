"use client";

import Link from "next/link";
import { type FormEvent, useRef } from "react";
import { AuthCard, LINK_CLASSES } from "@/components/auth/auth-card";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { TextField } from "@/components/ui/text-field";
import { formErrors } from "@/lib/client/form-errors";
import { useT } from "@/lib/client/i18n";
import { useFocusFirstError } from "@/lib/client/use-focus-first-error";
import { useForgotPassword } from "@/lib/client/use-password-reset";

export function ForgotPasswordForm() {
  const t = useT();
  const forgot = useForgotPassword();
  const form = useRef<HTMLFormElement>(null);
  const errors = formErrors(forgot.error, ["email"]);
  useFocusFirstError(form, forgot.error);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (forgot.isPending) return;
    forgot.mutate({
      email: String(new FormData(event.currentTarget).get("email") ?? ""),
    });
  }

  return (
    <AuthCard
      title={t("Forgot your password?")}
      description={t(
        "Enter your email address and we will send you a link to choose a new one.",
      )}
      footer={
        <Link href="/auth/login" className={LINK_CLASSES}>
          {t("Back to sign in")}
        </Link>
      }
    >
      <form ref={form} onSubmit={submit} className="space-y-5">
        {/* The same answer whether or not the account exists (SPEC §9), so it can be shown as is. */}
        {forgot.isSuccess && (
          <Alert tone="success">{forgot.data.message}</Alert>
        )}
        <ErrorAlert error={errors.general} />
        <TextField
          label={t("Email address")}
          name="email"
          type="email"
          autoComplete="email"
          required
          error={errors.fields.email}
        />
        <Button type="submit" className="w-full" loading={forgot.isPending}>
          {t("Email me a reset link")}
        </Button>
      </form>
    </AuthCard>
  );
}
