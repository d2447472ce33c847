"use client";

import Link from "next/link";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { AuthCard, LINK_CLASSES } from "@/components/auth/auth-card";
import { RedirectIfSignedIn } from "@/components/auth/redirect-if-signed-in";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { OneTimeCodeField } from "@/components/ui/one-time-code-field";
import { TextField } from "@/components/ui/text-field";
import { ApiError } from "@/lib/client/api";
import { useT } from "@/lib/client/i18n";
import { useFormChecks } from "@/lib/client/use-form-checks";
import { signInQuery } from "@/lib/client/use-login";
import { useTwoFactorChallenge } from "@/lib/client/use-two-factor";

/**
 * The two ways through the challenge, each with its field (Fortify's `code` and
 * `recovery_code`), its wording and what it sends.
 */
const MODES = {
  code: {
    label: "Authentication code",
    description: "Enter the 6-digit code from your authenticator app.",
    switchLabel: "Use a recovery code",
    body: (value: string) => ({ code: value.replace(/\s+/g, "") }),
  },
  recovery_code: {
    label: "Recovery code",
    description:
      "Enter one of your emergency recovery codes. Each one works once.",
    switchLabel: "Use an authentication code",
    body: (value: string) => ({ recovery_code: value }),
  },
} as const;

type Mode = keyof typeof MODES;

// The server's 422 when this browser has no pending sign-in any more (expired, or completed elsewhere).
const NO_PENDING_SIGN_IN =
  "Your sign-in has expired or was already completed. Please sign in again.";

/**
 * The code from the authenticator app, or one of the recovery codes. A wrong one, and a pending
 * sign-in that expired, come back as a 422 on the field; the way back to the login is always shown.
 */
export function TwoFactorChallengeForm({
  redirect,
  freshSignIn = false,
}: {
  redirect: string | null;
  /** The sign-in an app asked for while signed in (decision record 086): no redirect away. */
  freshSignIn?: boolean;
}) {
  const t = useT();
  const [mode, setMode] = useState<Mode>("code");
  const challenge = useTwoFactorChallenge(redirect);
  const form = useRef<HTMLFormElement>(null);
  const field = useRef<HTMLInputElement>(null);
  // A wrong code comes back selected: the next one is typed over it.
  const { errors, check } = useFormChecks(
    form,
    challenge.error,
    ["code", "recovery_code"],
    { select: true },
  );
  const keepRedirect = signInQuery(redirect, freshSignIn);
  const isExpired =
    challenge.error instanceof ApiError &&
    Object.values(challenge.error.errors)
      .flat()
      .includes(t(NO_PENDING_SIGN_IN));
  const signInAgain = useRef<HTMLAnchorElement>(null);
  // The form is gone: the keyboard goes to the way forward.
  useEffect(() => {
    if (isExpired) signInAgain.current?.focus();
  }, [isExpired]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (challenge.isPending || challenge.isSuccess || !check()) return;
    challenge.mutate(MODES[mode].body((field.current?.value ?? "").trim()));
  }

  function switchMode() {
    challenge.reset();
    setMode(mode === "code" ? "recovery_code" : "code");
    // The new field replaces the old one: keep the keyboard there.
    requestAnimationFrame(() => field.current?.focus());
  }

  return (
    <AuthCard
      title={t("Two-factor authentication")}
      description={t(MODES[mode].description)}
      footer={
        <Link href={`/auth/login${keepRedirect}`} className={LINK_CLASSES}>
          {t("Back to sign in")}
        </Link>
      }
    >
      {!freshSignIn && <RedirectIfSignedIn redirect={redirect} />}
      {isExpired ? (
        <Alert tone="warning">
          <p>{t(NO_PENDING_SIGN_IN)}</p>
          <Link
            ref={signInAgain}
            href={`/auth/login${keepRedirect}`}
            className={buttonClasses("primary", "md", "mt-4 w-full")}
          >
            {t("Sign in again")}
          </Link>
        </Alert>
      ) : (
        <form ref={form} onSubmit={submit} noValidate className="space-y-5">
          <ErrorAlert error={errors.general} />
          {mode === "code" ? (
            <OneTimeCodeField
              key="code"
              ref={field}
              label={t(MODES.code.label)}
              name="code"
              autoFocus
              required
              error={errors.fields.code}
            />
          ) : (
            <TextField
              key="recovery_code"
              ref={field}
              label={t(MODES.recovery_code.label)}
              name="recovery_code"
              required
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              className="[&_input]:font-mono"
              error={errors.fields.recovery_code}
            />
          )}
          <Button
            type="submit"
            className="w-full"
            loading={challenge.isPending || challenge.isSuccess}
          >
            {t("Continue")}
          </Button>
          <div className="text-center">
            <button
              type="button"
              onClick={switchMode}
              className={`text-sm ${LINK_CLASSES}`}
            >
              {t(MODES[mode].switchLabel)}
            </button>
          </div>
        </form>
      )}
    </AuthCard>
  );
}
