"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { type FormEvent, useEffect, useRef } from "react";
import { AuthCard, LINK_CLASSES } from "@/components/auth/auth-card";
import { NewPasswordFields } from "@/components/auth/new-password-fields";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { TextField } from "@/components/ui/text-field";
import { useT } from "@/lib/client/i18n";
import { useFormChecks } from "@/lib/client/use-form-checks";
import { useResetPassword } from "@/lib/client/use-password-reset";

const FORGOT_PASSWORD_SCREEN = "/auth/forgot-password";

/** contract §4 rule 8: the screen the reset email links to, with the token and the email in its path. */
export function ResetPasswordForm({
  token,
  email,
}: {
  token: string;
  email: string;
}) {
  const t = useT();
  const router = useRouter();
  const reset = useResetPassword();
  const form = useRef<HTMLFormElement>(null);
  // An invalid or used token is a 422 on `email` (contract §7): shown beside the address.
  const { errors, check } = useFormChecks(form, reset.error, [
    "email",
    "password",
    "password_confirmation",
  ]);
  // The token is read (it is in the props): take it out of the address bar, the history and
  // bookmarks. A reload lands on the screen that asks for a new link (decision record 013).
  useEffect(
    () =>
      window.history.replaceState(
        window.history.state,
        "",
        FORGOT_PASSWORD_SCREEN,
      ),
    [],
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reset.isPending || reset.isSuccess || !check()) return;
    const data = new FormData(event.currentTarget);
    reset.mutate(
      {
        token,
        email,
        password: String(data.get("password") ?? ""),
        password_confirmation: String(data.get("password_confirmation") ?? ""),
      },
      { onSuccess: () => router.replace("/auth/login?status=password-reset") },
    );
  }

  return (
    <AuthCard
      title={t("Choose a new password")}
      footer={
        <Link href={FORGOT_PASSWORD_SCREEN} className={LINK_CLASSES}>
          {t("Request a new link")}
        </Link>
      }
    >
      <form ref={form} onSubmit={submit} noValidate className="space-y-5">
        <ErrorAlert error={errors.general} />
        <TextField
          label={t("Email address")}
          name="email"
          type="email"
          value={email}
          readOnly
          error={errors.fields.email}
        />
        <NewPasswordFields errors={errors.fields} replacing autoFocus />
        <Button
          type="submit"
          className="w-full"
          loading={reset.isPending || reset.isSuccess}
        >
          {t("Reset password")}
        </Button>
      </form>
    </AuthCard>
  );
}
