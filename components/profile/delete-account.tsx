"use client";

import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorAlert } from "@/components/ui/error-alert";
import { TextField } from "@/components/ui/text-field";
import { formErrors } from "@/lib/client/form-errors";
import { useT } from "@/lib/client/i18n";
import { useDeleteAccount } from "@/lib/client/use-data-rights";

/**
 * "Delete my account": a dialog that asks for the password (the step-up, decision record 021);
 * the account is deleted at once, signed out everywhere, and can be restored by an administrator
 * during the grace period.
 */
export function DeleteAccount() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const errors = formErrors(remove.error, ["password"]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  // A wrong password: the field is read out with its error and ready for another try.
  useEffect(() => {
    if (errors.fields.password) dialog.current?.querySelector<HTMLInputElement>('input[name="password"]')?.focus();
  }, [errors.fields.password]);

  function close() {
    if (remove.isPending) return;
    remove.reset();
    setOpen(false);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (remove.isPending) return;
    remove.mutate(String(new FormData(event.currentTarget).get("password") ?? ""));
  }

  return (
    <Card
      title={t("Delete account")}
      description={t("Your account is deleted at once and you are signed out everywhere. Its data is erased after a grace period, during which an administrator can still restore it.")}
      footer={
        <Button variant="danger" onClick={() => setOpen(true)}>
          {t("Delete my account")}
        </Button>
      }
    >
      <p className="text-sm text-zinc-600">{t("Download your data first if you want to keep a copy.")}</p>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-0 shadow-xl ring-1 ring-zinc-200 backdrop:bg-zinc-900/40"
      >
        <form onSubmit={submit} noValidate>
          <div className="space-y-4 px-6 pt-6 pb-4">
            <h2 id={titleId} className="text-base font-semibold text-zinc-900">
              {t("Delete your account?")}
            </h2>
            <p className="text-sm text-zinc-600">{t("Your sessions and API tokens end at once. Enter your password to confirm.")}</p>
            <ErrorAlert error={errors.general} />
            {open && (
              <TextField
                label={t("Current password")}
                name="password"
                type="password"
                autoComplete="current-password"
                required
                autoFocus
                error={errors.fields.password}
              />
            )}
          </div>
          <div className="flex justify-end gap-3 bg-zinc-50 px-6 py-3">
            <Button variant="secondary" onClick={close} disabled={remove.isPending}>
              {t("Cancel")}
            </Button>
            <Button type="submit" variant="danger" loading={remove.isPending}>
              {t("Delete my account")}
            </Button>
          </div>
        </form>
      </dialog>
    </Card>
  );
}
