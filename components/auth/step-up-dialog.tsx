"use client";

import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useSyncExternalStore } from "react";
import { type StepUpMethod, STEP_UP_METHODS } from "@/components/auth/step-up-methods";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { TextField } from "@/components/ui/text-field";
import { useStepUpController } from "@/lib/client/api-context";
import { formErrors } from "@/lib/client/form-errors";
import { useT } from "@/lib/client/i18n";
import type { Session } from "@/lib/client/api-types";
import { queryKeys } from "@/lib/client/queries";
import { useConfirmPassword } from "@/lib/client/use-two-factor";

/**
 * The one step-up dialog (decision record 009): a call answered 423 opens it, the password (or
 * another method of `methods`) confirms it is you, and the call goes again. Cancelling lets the
 * call fail with the server's message.
 */
export function StepUpDialog({ methods = STEP_UP_METHODS }: { methods?: StepUpMethod[] }) {
  const t = useT();
  const controller = useStepUpController();
  const open = useSyncExternalStore(controller.subscribe, controller.isOpen, () => false);
  const confirm = useConfirmPassword();
  // For password managers; read from the cache, so that the dialog never loads the session itself.
  const email = useQueryClient().getQueryData<Session>(queryKeys.session)?.user?.email ?? "";
  const dialog = useRef<HTMLDialogElement>(null);
  const password = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const textId = useId();
  const errors = formErrors(confirm.error, ["password"]);
  const { reset } = confirm;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      reset();
      element.showModal();
      password.current?.focus();
    }
    if (!open && element.open) element.close();
  }, [open, reset]);

  useEffect(() => {
    if (confirm.error) password.current?.focus();
  }, [confirm.error]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (confirm.isPending) return;
    confirm.mutate(password.current?.value ?? "", { onSuccess: () => controller.settle(true) });
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        if (!confirm.isPending) controller.settle(false);
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-0 shadow-xl ring-1 ring-zinc-200 backdrop:bg-zinc-900/40"
    >
      {/* Rendered only while asked: a closed dialog's field would still answer to "Password" on every screen. */}
      {open && (
        <form onSubmit={submit}>
          <div className="space-y-4 px-6 pt-6 pb-5">
            <div>
              <h2 id={titleId} className="text-base font-semibold text-zinc-900">
                {t("Confirm your password")}
              </h2>
              <p id={textId} className="mt-2 text-sm text-zinc-600">
                {t("This is a sensitive action. Confirm it is you to continue; you will not be asked again for a while.")}
              </p>
            </div>
            <ErrorAlert error={errors.general} />
            <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
            <TextField
              ref={password}
              label={t("Password")}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              error={errors.fields.password}
            />
            {methods.length > 0 && (
              <div className="space-y-3">
                <p className="text-center text-xs font-medium tracking-wide text-zinc-500 uppercase">{t("or")}</p>
                {methods.map((Method, index) => (
                  <Method key={index} busy={confirm.isPending} onConfirmed={() => controller.settle(true)} />
                ))}
              </div>
            )}
          </div>
          <div className="flex justify-end gap-3 bg-zinc-50 px-6 py-3">
            <Button variant="secondary" onClick={() => controller.settle(false)} disabled={confirm.isPending}>
              {t("Cancel")}
            </Button>
            <Button type="submit" loading={confirm.isPending}>
              {t("Confirm")}
            </Button>
          </div>
        </form>
      )}
    </dialog>
  );
}
