"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { type FormEvent, useEffect, useRef } from "react";
import { AuthCard, LINK_CLASSES } from "@/components/auth/auth-card";
import { ExpiredResetLink } from "@/components/auth/expired-reset-link";
import { NewPasswordFields } from "@/components/auth/new-password-fields";
import { ApiError } from "@/lib/client/api";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { LoadingRows } from "@/components/ui/skeleton";
import { TextField } from "@/components/ui/text-field";
import { useT } from "@/lib/client/i18n";
import { useFormChecks } from "@/lib/client/use-form-checks";
import { useRouteMutation, useRouteQuery } from "@/lib/client/route-query";

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
  // contract §4 rule 8: the reset screen posts the token, the email and the new password.
  const reset = useRouteMutation("reset-password");
  // Whether the link still works, asked once when the screen opens (decision record 090): a read
  // that consumes nothing; a failed check (a limit, the network) leaves the form to the reset.
  const link = useRouteQuery(
    "api.auth.reset-link",
    { token, email },
    { staleTime: Infinity, retry: false, select: (answer) => answer.valid },
  );
  const form = useRef<HTMLFormElement>(null);
  const { errors, check } = useFormChecks(form, reset.error, [
    "password",
    "password_confirmation",
  ]);
  // An invalid or used token is a 422 on `email` (contract §7): the read-only address is not
  // what went wrong, the link is; a link used meanwhile ends on the same screen as one used before.
  const isLinkDead =
    link.data === false ||
    (reset.error instanceof ApiError && reset.error.errors.email !== undefined);
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

  if (isLinkDead) return <ExpiredResetLink email={email} />;
  if (link.isPending)
    return (
      <AuthCard title={t("Choose a new password")}>
        <LoadingRows label={t("Checking your link…")} rows={2} />
      </AuthCard>
    );
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
