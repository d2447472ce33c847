"use client";

import Link from "next/link";
import { type FormEvent, useRef, useState } from "react";
import { AuthCard, LINK_CLASSES } from "@/components/auth/auth-card";
import { NewPasswordFields } from "@/components/auth/new-password-fields";
import { RedirectIfSignedIn } from "@/components/auth/redirect-if-signed-in";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { TextField } from "@/components/ui/text-field";
import { useLocale, useT } from "@/lib/client/i18n";
import { useSettings } from "@/lib/client/settings-context";
import { useFormChecks } from "@/lib/client/use-form-checks";
import { useRegister } from "@/lib/client/use-login";
import { isTakenEmail } from "@/lib/client/form-errors";
import { AlreadyRegistered } from "@/components/auth/already-registered";
import { Icon } from "@/components/ui/icon";
import { OrDivider } from "@/components/ui/or-divider";
import { usePasskeysUsable } from "@/lib/client/use-passkeys-usable";
import { useRegisterWithPasskey } from "@/lib/client/use-passkey-first";

const FIELDS = ["name", "email", "password", "password_confirmation"] as const;

export function RegisterForm({ redirect }: { redirect: string | null }) {
  const t = useT();
  const locale = useLocale();
  const { allowRegistration } = useSettings();
  const register = useRegister(redirect);
  // Beside the password form where a ceremony can work (decision records 070, 107).
  const passkeysUsable = usePasskeysUsable();
  const withPasskey = useRegisterWithPasskey(redirect);
  const busy =
    register.isPending ||
    register.isSuccess ||
    withPasskey.isPending ||
    withPasskey.isSuccess;
  const form = useRef<HTMLFormElement>(null);
  const { errors, check } = useFormChecks(
    form,
    withPasskey.error ?? register.error,
    FIELDS,
  );
  const [submittedEmail, setSubmittedEmail] = useState("");
  const keepRedirect = redirect
    ? `?redirect=${encodeURIComponent(redirect)}`
    : "";
  const footer = (
    <>
      {t("Already have an account?")}{" "}
      <Link href={`/auth/login${keepRedirect}`} className={LINK_CLASSES}>
        {t("Sign in")}
      </Link>
    </>
  );

  if (!allowRegistration) {
    return (
      <AuthCard title={t("Create your account")} footer={footer}>
        <Alert tone="info" title={t("Registration is closed")}>
          {t(
            "New accounts cannot be created at the moment. If you already have one, sign in instead.",
          )}
        </Alert>
      </AuthCard>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A well-formed address is sent even when the password needs fixing: only the server knows
    // whether it is taken, and both mistakes are shown together (decision record 069).
    const send = check({ sendIf: (problems) => !("email" in problems) });
    if (busy || !send) return;
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? "");
    setSubmittedEmail(value("email").trim());
    withPasskey.reset();
    register.mutate({
      name: value("name"),
      email: value("email"),
      password: value("password"),
      password_confirmation: value("password_confirmation"),
    });
  }

  /** The name and address only: the passkey takes the password's place. */
  function signUpWithPasskey() {
    if (busy || !form.current || !check({ only: ["name", "email"] })) return;
    const data = new FormData(form.current);
    const value = (name: string) => String(data.get(name) ?? "");
    setSubmittedEmail(value("email").trim());
    register.reset();
    withPasskey.mutate({ name: value("name"), email: value("email") });
  }

  return (
    <AuthCard
      title={t("Create your account")}
      description={t("It takes less than a minute.")}
      footer={footer}
    >
      <RedirectIfSignedIn redirect={redirect} />
      <form ref={form} onSubmit={submit} noValidate className="space-y-5">
        <ErrorAlert error={errors.general} />
        <TextField
          label={t("Name")}
          name="name"
          autoFocus
          autoComplete="name"
          required
          maxLength={255}
          error={errors.fields.name}
        />
        <TextField
          label={t("Email address")}
          name="email"
          type="email"
          autoComplete="email"
          required
          error={errors.fields.email}
        />
        {isTakenEmail(errors.fields.email, locale) && (
          <AlreadyRegistered email={submittedEmail} redirect={redirect} />
        )}
        <NewPasswordFields errors={errors.fields} />
        <Button
          type="submit"
          className="w-full"
          loading={register.isPending || register.isSuccess}
          disabled={busy}
        >
          {register.checking
            ? t("Checking your browser…")
            : t("Create account")}
        </Button>
        {passkeysUsable && (
          <div className="space-y-3">
            <OrDivider />
            <p className="text-sm text-zinc-600">
              {t("Skip the password: your device keeps a passkey instead.")}
            </p>
            <Button
              type="button"
              variant="secondary"
              className="w-full"
              icon={<Icon name="key" className="size-4" />}
              loading={withPasskey.isPending || withPasskey.isSuccess}
              disabled={busy}
              onClick={signUpWithPasskey}
            >
              {withPasskey.isPending
                ? t("Waiting for your device…")
                : t("Sign up with a passkey")}
            </Button>
          </div>
        )}
      </form>
    </AuthCard>
  );
}
