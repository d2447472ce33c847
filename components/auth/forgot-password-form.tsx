"use client";

import Link from "next/link";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { AuthCard, LINK_CLASSES } from "@/components/auth/auth-card";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { TextField } from "@/components/ui/text-field";
import { useT } from "@/lib/client/i18n";
import { useFormChecks } from "@/lib/client/use-form-checks";
import { useForgotPassword } from "@/lib/client/use-password-reset";

const RESEND_AFTER_SECONDS = 60;

/** Seconds left before another mail may be asked for, counting down from each success. */
function useResendCountdown(sentAt: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (sentAt === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [sentAt]);
  if (sentAt === 0) return 0;
  return Math.max(
    0,
    RESEND_AFTER_SECONDS - Math.floor((Math.max(now, sentAt) - sentAt) / 1000),
  );
}

/**
 * Asks for a reset link; once sent, the form becomes "check your inbox" with the address and a
 * resend that opens after 60 seconds (the per-email limit allows three mails in 15 minutes).
 */
export function ForgotPasswordForm({
  email = null,
}: {
  email?: string | null;
}) {
  const t = useT();
  const forgot = useForgotPassword();
  const form = useRef<HTMLFormElement>(null);
  const [sentTo, setSentTo] = useState<{ email: string; at: number } | null>(
    null,
  );
  const secondsLeft = useResendCountdown(sentTo?.at ?? 0);
  const { errors, check } = useFormChecks(form, forgot.error, ["email"]);

  function send(email: string) {
    if (forgot.isPending) return;
    forgot.mutate(
      { email },
      { onSuccess: () => setSentTo({ email, at: Date.now() }) },
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!check()) return;
    send(String(new FormData(event.currentTarget).get("email") ?? ""));
  }

  if (sentTo && forgot.isSuccess)
    return (
      <AuthCard
        title={t("Check your inbox")}
        description={t(
          "If :email has an account, a link to choose a new password is on its way.",
          { email: sentTo.email },
        )}
        footer={
          <Link href="/auth/login" className={LINK_CLASSES}>
            {t("Back to sign in")}
          </Link>
        }
      >
        <div className="space-y-5">
          {/* The same answer whether or not the account exists, so it can be shown as is. */}
          <Alert tone="success">{forgot.data.message}</Alert>
          <ErrorAlert error={forgot.error} />
          <Button
            variant="secondary"
            className="w-full"
            loading={forgot.isPending}
            disabled={secondsLeft > 0}
            onClick={() => send(sentTo.email)}
          >
            {secondsLeft > 0
              ? t("Send again in :seconds s", { seconds: secondsLeft })
              : t("Send the link again")}
          </Button>
        </div>
      </AuthCard>
    );

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
      <form ref={form} onSubmit={submit} noValidate className="space-y-5">
        <ErrorAlert error={errors.general} />
        <TextField
          label={t("Email address")}
          name="email"
          type="email"
          autoComplete="email"
          required
          autoFocus
          defaultValue={email ?? undefined}
          error={errors.fields.email}
        />
        <Button type="submit" className="w-full" loading={forgot.isPending}>
          {forgot.checking
            ? t("Checking your browser…")
            : t("Email me a reset link")}
        </Button>
      </form>
    </AuthCard>
  );
}
