"use client";

import { type FormEvent, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import { TextField } from "@/components/ui/text-field";
import { formErrors } from "@/lib/client/form-errors";
import { useLocale, useT } from "@/lib/client/i18n";
import { useDeleteAccount } from "@/lib/client/use-data-rights";

/**
 * "Delete my account": a dialog that asks for the password (the step-up, decision record 021);
 * the account is deleted at once, signed out everywhere, and can be restored by an administrator
 * during the grace period.
 */
export function DeleteAccount() {
  const t = useT();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  const password = useRef<HTMLInputElement>(null);
  const errors = formErrors(remove.error, ["password"], locale);

  // A wrong password: the field is read out with its error and ready for another try.
  useEffect(() => {
    if (errors.fields.password) password.current?.focus();
  }, [errors.fields.password]);

  function close() {
    if (remove.isPending) return;
    remove.reset();
    setOpen(false);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (remove.isPending) return;
    remove.mutate(
      String(new FormData(event.currentTarget).get("password") ?? ""),
    );
  }

  return (
    <Card
      title={t("Delete account")}
      description={t(
        "Your account is deleted at once and you are signed out everywhere. Its data is erased after a grace period, during which an administrator can still restore it.",
      )}
      footer={
        <Button variant="danger" onClick={() => setOpen(true)}>
          {t("Delete my account")}
        </Button>
      }
    >
      <p className="text-sm text-zinc-600">
        {t("Download your data first if you want to keep a copy.")}
      </p>
      <Dialog
        open={open}
        title={t("Delete your account?")}
        description={t(
          "Your sessions and API tokens end at once. Enter your password to confirm.",
        )}
        busy={remove.isPending}
        onClose={close}
        onSubmit={submit}
        actions={
          <>
            <Button
              variant="secondary"
              onClick={close}
              disabled={remove.isPending}
            >
              {t("Cancel")}
            </Button>
            <Button type="submit" variant="danger" loading={remove.isPending}>
              {t("Delete my account")}
            </Button>
          </>
        }
      >
        <ErrorAlert error={errors.general} />
        <TextField
          ref={password}
          label={t("Current password")}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          autoFocus
          error={errors.fields.password}
        />
      </Dialog>
    </Card>
  );
}
