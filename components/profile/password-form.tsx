"use client";

import { type FormEvent, useRef } from "react";
import { NewPasswordFields } from "@/components/auth/new-password-fields";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorAlert } from "@/components/ui/error-alert";
import { TextField } from "@/components/ui/text-field";
import { useT } from "@/lib/client/i18n";
import { useFormChecks } from "@/lib/client/use-form-checks";
import { useRouteMutation } from "@/lib/client/route-query";

/** POST update-password: this browser stays signed in, other sessions end. */
export function PasswordForm() {
  const t = useT();
  const update = useRouteMutation("update-password", {
    toast: "Password updated.",
  });
  const form = useRef<HTMLFormElement>(null);
  const { errors, check } = useFormChecks(form, update.error, [
    "old_password",
    "password",
    "password_confirmation",
  ]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending || !check()) return;
    const element = event.currentTarget;
    const data = new FormData(element);
    const value = (name: string) => String(data.get(name) ?? "");
    update.mutate(
      {
        old_password: value("old_password"),
        password: value("password"),
        password_confirmation: value("password_confirmation"),
      },
      { onSuccess: () => element.reset() },
    );
  }

  return (
    <form ref={form} onSubmit={submit} noValidate>
      <Card
        title={t("Change password")}
        description={t(
          "Other browsers signed in to your account will be signed out.",
        )}
        footer={
          <Button type="submit" loading={update.isPending}>
            {t("Update password")}
          </Button>
        }
      >
        <div className="space-y-5">
          <ErrorAlert error={errors.general} />
          <TextField
            label={t("Current password")}
            name="old_password"
            type="password"
            autoComplete="current-password"
            required
            error={errors.fields.old_password}
            className="sm:max-w-sm"
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <NewPasswordFields errors={errors.fields} replacing />
          </div>
        </div>
      </Card>
    </form>
  );
}
