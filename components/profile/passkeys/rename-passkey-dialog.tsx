"use client";

import type { FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import { TextField } from "@/components/ui/text-field";
import type { Passkey } from "@/lib/client/contract";
import { formErrors } from "@/lib/client/form-errors";
import { useLocale, useT } from "@/lib/client/i18n";
import { useRouteMutation } from "@/lib/client/route-query";

/** A modal with the passkey's name. */
export function RenamePasskeyDialog({
  passkey,
  onClose,
}: {
  passkey: Passkey | null;
  onClose: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const rename = useRouteMutation("passkey-update", {
    toast: "Passkey renamed.",
  });
  const errors = formErrors(rename.error, ["name"], locale);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!passkey || rename.isPending) return;
    const name = String(
      new FormData(event.currentTarget).get("name") ?? "",
    ).trim();
    rename.mutate({ passkey: passkey.id, name }, { onSuccess: onClose });
  }

  return (
    <Dialog
      open={passkey !== null}
      title={t("Rename passkey")}
      busy={rename.isPending}
      onClose={onClose}
      onOpen={rename.reset}
      onSubmit={submit}
      actions={
        <>
          <Button
            variant="secondary"
            onClick={onClose}
            disabled={rename.isPending}
          >
            {t("Cancel")}
          </Button>
          <Button type="submit" loading={rename.isPending}>
            {t("Save")}
          </Button>
        </>
      }
    >
      <ErrorAlert error={errors.general} />
      <TextField
        label={t("Passkey name")}
        name="name"
        required
        maxLength={255}
        defaultValue={passkey?.name}
        autoComplete="off"
        error={errors.fields.name}
      />
    </Dialog>
  );
}
