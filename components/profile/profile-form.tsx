"use client";

import { type FormEvent, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PendingEmailNotice } from "@/components/profile/pending-email-notice";
import { ErrorAlert } from "@/components/ui/error-alert";
import { TextField } from "@/components/ui/text-field";
import type { User } from "@/lib/client/contract";
import { formErrors } from "@/lib/client/form-errors";
import { useLocale, useT } from "@/lib/client/i18n";
import { useFocusFirstError } from "@/lib/client/use-focus-first-error";
import { useRouteMutation } from "@/lib/client/route-query";

/** Name and email, through the host API (contract §4 "Update account"). */
export function ProfileForm({ user }: { user: User }) {
  const t = useT();
  const locale = useLocale();
  // contract §4 "Update account"; the session's user is read again.
  const update = useRouteMutation("api.app.user.update", {
    toast: "Your profile has been saved.",
    stale: ["get-auth"],
  });
  const form = useRef<HTMLFormElement>(null);
  const errors = formErrors(update.error, ["name", "email"], locale);
  useFocusFirstError(form, update.error);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    const data = new FormData(event.currentTarget);
    update.mutate({
      user_id: user.id,
      name: String(data.get("name") ?? ""),
      email: String(data.get("email") ?? ""),
    });
  }

  return (
    <form ref={form} onSubmit={submit}>
      <Card
        title={t("Profile information")}
        description={t("Your name and the email address you sign in with.")}
        footer={
          <Button type="submit" loading={update.isPending}>
            {t("Save profile")}
          </Button>
        }
      >
        <div className="space-y-5">
          <ErrorAlert error={errors.general} />
          {user.pending_email && (
            <PendingEmailNotice user={user} pendingEmail={user.pending_email} />
          )}
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label={t("Name")}
              name="name"
              autoComplete="name"
              required
              maxLength={255}
              defaultValue={user.name}
              error={errors.fields.name}
            />
            <TextField
              label={t("Email address")}
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={255}
              defaultValue={user.email}
              error={errors.fields.email}
            />
          </div>
        </div>
      </Card>
    </form>
  );
}
