"use client";

import Link from "next/link";
import { type FormEvent, useRef } from "react";
import { AuthCard, LINK_CLASSES } from "@/components/auth/auth-card";
import { PasskeySignIn } from "@/components/auth/passkey-sign-in";
import { RedirectIfSignedIn } from "@/components/auth/redirect-if-signed-in";
import { SocialSignIn } from "@/components/auth/social-sign-in";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { ErrorAlert } from "@/components/ui/error-alert";
import { TextField } from "@/components/ui/text-field";
import { useT } from "@/lib/client/i18n";
import { useSettings } from "@/lib/client/settings-context";
import { useFormChecks } from "@/lib/client/use-form-checks";
import { useLogin } from "@/lib/client/use-login";

/** Messages other screens leave for this one, by code (never free text from the URL). */
const STATUS_MESSAGES: Record<string, string> = {
  "password-reset":
    "Your password has been reset. Sign in with your new password.",
  "account-deleted":
    "Your account has been deleted. We have sent you an email about it.",
};

const FRESH_SIGN_IN_MESSAGE =
  "The app you came from asked you to sign in again. Sign in to continue.";

type Props = {
  redirect: string | null;
  status: string | null;
  flashedError?: string | null;
  /** An address to start from (`?email=`, from the register form's "Already registered?"). */
  email?: string | null;
  /**
   * An app asked for a fresh sign-in (`?prompt=login`, decision record 086): the screen says so and
   * stays, even for a browser already signed in; the sign-in replaces that session.
   */
  freshSignIn?: boolean;
  /** The OAuth app this sign-in is on the way to (its consent screen is the redirect), or null. */
  appName?: string | null;
};

export function LoginForm({
  redirect,
  status,
  flashedError = null,
  email = null,
  freshSignIn = false,
  appName = null,
}: Props) {
  const t = useT();
  const { allowRegistration, passwordless } = useSettings();
  const login = useLogin(redirect, freshSignIn);
  const form = useRef<HTMLFormElement>(null);
  const { errors, check } = useFormChecks(form, login.error, [
    "email",
    "password",
  ]);
  const statusMessage = status ? STATUS_MESSAGES[status] : undefined;
  const keepRedirect = redirect
    ? `?redirect=${encodeURIComponent(redirect)}`
    : "";

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (login.isPending || login.isSuccess || !check()) return;
    const data = new FormData(event.currentTarget);
    login.mutate({
      email: String(data.get("email") ?? ""),
      password: String(data.get("password") ?? ""),
      remember: data.get("remember") === "on",
    });
  }

  return (
    <AuthCard
      title={
        appName
          ? t("Sign in to continue to :app", { app: appName })
          : t("Sign in to your account")
      }
      description={
        appName
          ? t("You will then be asked whether :app may use your account.", {
              app: appName,
            })
          : t("Welcome back. Enter your details to continue.")
      }
      footer={
        allowRegistration && (
          <>
            {t("New here?")}{" "}
            <Link
              href={`/auth/register${keepRedirect}`}
              className={LINK_CLASSES}
            >
              {t("Create an account")}
            </Link>
          </>
        )
      }
    >
      {!freshSignIn && <RedirectIfSignedIn redirect={redirect} />}
      <form ref={form} onSubmit={submit} noValidate className="space-y-5">
        {freshSignIn && <Alert tone="info">{t(FRESH_SIGN_IN_MESSAGE)}</Alert>}
        {statusMessage && <Alert tone="success">{t(statusMessage)}</Alert>}
        {flashedError && !login.error && (
          <Alert tone="error">{flashedError}</Alert>
        )}
        <ErrorAlert error={errors.general} />
        <TextField
          label={t("Email address")}
          name="email"
          autoFocus
          type="email"
          autoComplete="username webauthn"
          required
          defaultValue={email ?? undefined}
          error={errors.fields.email}
        />
        <TextField
          label={t("Password")}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.fields.password}
          corner={
            <Link
              href="/auth/forgot-password"
              className={`text-sm ${LINK_CLASSES}`}
            >
              {t("Forgot your password?")}
            </Link>
          }
        />
        <CheckboxField label={t("Remember me")} name="remember" />
        <Button
          type="submit"
          className="w-full"
          loading={login.isPending || login.isSuccess}
        >
          {login.checking ? t("Checking your browser…") : t("Sign in")}
        </Button>
      </form>
      {passwordless && (
        <Link
          href={`/auth/passwordless${keepRedirect}`}
          className={`mt-4 block text-center text-sm ${LINK_CLASSES}`}
        >
          {t("Email me a sign-in link")}
        </Link>
      )}
      <PasskeySignIn
        redirect={redirect}
        freshSignIn={freshSignIn}
        signingIn={login.isPending || login.isSuccess}
      />
      <SocialSignIn />
    </AuthCard>
  );
}
