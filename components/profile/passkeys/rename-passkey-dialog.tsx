"use client";

import { type FormEvent, useEffect, useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { TextField } from "@/components/ui/text-field";
import type { Passkey } from "@/lib/client/api-types";
import { formErrors } from "@/lib/client/form-errors";
import { useT } from "@/lib/client/i18n";
import { useRenamePasskey } from "@/lib/client/use-passkeys";

/** A modal with the passkey's name (native <dialog>: focus trapped, Escape cancels). */
export function RenamePasskeyDialog({ passkey, onClose }: { passkey: Passkey | null; onClose: () => void }) {
  const t = useT();
  const rename = useRenamePasskey();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const errors = formErrors(rename.error, ["name"]);
  const { reset } = rename;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (passkey && !element.open) {
      reset();
      element.showModal();
    }
    if (!passkey && element.open) element.close();
  }, [passkey, reset]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!passkey || rename.isPending) return;
    const name = String(new FormData(event.currentTarget).get("name") ?? "").trim();
    rename.mutate({ id: passkey.id, name }, { onSuccess: onClose });
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!rename.isPending) onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-0 shadow-xl ring-1 ring-zinc-200 backdrop:bg-zinc-900/40"
    >
      {passkey && (
        <form onSubmit={submit}>
          <div className="space-y-4 px-6 pt-6 pb-5">
            <h2 id={titleId} className="text-base font-semibold text-zinc-900">
              {t("Rename passkey")}
            </h2>
            <ErrorAlert error={errors.general} />
            <TextField label={t("Passkey name")} name="name" required maxLength={255} defaultValue={passkey.name} autoComplete="off" error={errors.fields.name} />
          </div>
          <div className="flex justify-end gap-3 bg-zinc-50 px-6 py-3">
            <Button variant="secondary" onClick={onClose} disabled={rename.isPending}>
              {t("Cancel")}
            </Button>
            <Button type="submit" loading={rename.isPending}>
              {t("Save")}
            </Button>
          </div>
        </form>
      )}
    </dialog>
  );
}
