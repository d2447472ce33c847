"use client";

import { type FormEvent, useRef } from "react";
import { NewPasswordFields } from "@/components/auth/new-password-fields";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorAlert } from "@/components/ui/error-alert";
import { useT } from "@/lib/client/i18n";
import { useFormChecks } from "@/lib/client/use-form-checks";
import { useRouteMutation } from "@/lib/client/route-query";

/**
 * POST user/set-password, for an account made without a password (decision record 107): no
 * current password to give; the step-up dialog asks for the passkey first.
 */
export function SetPasswordForm() {
  const t = useT();
  // The account's ways in (sign-in-methods) lie under the same path: read again.
  const set = useRouteMutation("set-password", { toast: "Password set." });
  const form = useRef<HTMLFormElement>(null);
  const { errors, check } = useFormChecks(form, set.error, [
    "password",
    "password_confirmation",
  ]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (set.isPending || !check()) return;
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? "");
    set.mutate({
      password: value("password"),
      password_confirmation: value("password_confirmation"),
    });
  }

  return (
    <form ref={form} onSubmit={submit} noValidate>
      <Card
        title={t("Set a password")}
        description={t(
          "Your account has no password: you sign in with a passkey. A password lets you sign in where your passkey is not at hand.",
        )}
        footer={
          <Button type="submit" loading={set.isPending}>
            {t("Set password")}
          </Button>
        }
      >
        <div className="space-y-5">
          <ErrorAlert error={errors.general} />
          <div className="grid gap-5 sm:grid-cols-2">
            <NewPasswordFields errors={errors.fields} />
          </div>
        </div>
      </Card>
    </form>
  );
}
