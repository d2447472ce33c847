"use client";

import Link from "next/link";
import { type FormEvent, useRef, useState } from "react";
import { SignInCodeField } from "@/components/auth/sign-in-code-field";
import { AuthCard, LINK_CLASSES } from "@/components/auth/auth-card";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { TextField } from "@/components/ui/text-field";
import { useT } from "@/lib/client/i18n";
import { useFormChecks } from "@/lib/client/use-form-checks";
import {
  useRequestSignInLink,
  useVerifySignInLink,
} from "@/lib/client/use-passwordless";

/**
 * Sign-in by an emailed link or code (decision record 088): the address first; once the mail is
 * on its way, the six-digit code from it can be typed here (the link works from the mail too).
 */
export function PasswordlessForm({ redirect }: { redirect: string | null }) {
  const t = useT();
  const request = useRequestSignInLink();
  const verify = useVerifySignInLink(redirect);
  const emailForm = useRef<HTMLFormElement>(null);
  const codeForm = useRef<HTMLFormElement>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailChecks = useFormChecks(emailForm, request.error, ["email"]);
  const codeChecks = useFormChecks(codeForm, verify.error, ["code"]);
  const back = (
    <Link
      href={
        redirect
          ? `/auth/login?redirect=${encodeURIComponent(redirect)}`
          : "/auth/login"
      }
      className={LINK_CLASSES}
    >
      {t("Sign in with a password instead")}
    </Link>
  );

  function ask(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (request.isPending || !emailChecks.check()) return;
    const email = String(new FormData(event.currentTarget).get("email") ?? "");
    request.mutate({ email }, { onSuccess: () => setSentTo(email) });
  }

  function signIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!sentTo || verify.isPending || verify.isSuccess || !codeChecks.check())
      return;
    const code = String(new FormData(event.currentTarget).get("code") ?? "");
    verify.mutate({ email: sentTo, code });
  }

  if (sentTo && request.isSuccess)
    return (
      <AuthCard
        title={t("Check your inbox")}
        description={t(
          "We email you a link and a six-digit code. Open the link, or type the code here.",
        )}
        footer={back}
      >
        <form ref={codeForm} onSubmit={signIn} noValidate className="space-y-5">
          {/* The same answer whether or not the account exists, so it can be shown as is. */}
          <Alert tone="success">{request.data.message}</Alert>
          <ErrorAlert error={codeChecks.errors.general} />
          <SignInCodeField required error={codeChecks.errors.fields.code} />
          <Button
            type="submit"
            className="w-full"
            loading={verify.isPending || verify.isSuccess}
          >
            {t("Sign in with the code")}
          </Button>
        </form>
      </AuthCard>
    );

  return (
    <AuthCard
      title={t("Sign in with an emailed link")}
      description={t(
        "We email you a link and a six-digit code. Open the link, or type the code here.",
      )}
      footer={back}
    >
      <form ref={emailForm} onSubmit={ask} noValidate className="space-y-5">
        <ErrorAlert error={emailChecks.errors.general} />
        <TextField
          label={t("Email address")}
          name="email"
          type="email"
          autoComplete="email"
          required
          autoFocus
          error={emailChecks.errors.fields.email}
        />
        <Button type="submit" className="w-full" loading={request.isPending}>
          {request.checking ? t("Checking your browser…") : t("Send the link")}
        </Button>
      </form>
    </AuthCard>
  );
}
