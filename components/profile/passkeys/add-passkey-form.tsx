"use client";

import { type FormEvent, useRef } from "react";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { TextField } from "@/components/ui/text-field";
import { formErrors } from "@/lib/client/form-errors";
import { useLocale, useT } from "@/lib/client/i18n";
import { useFocusFirstError } from "@/lib/client/use-focus-first-error";
import type { useAddPasskey } from "@/lib/client/use-passkeys";

type Props = {
  add: ReturnType<typeof useAddPasskey>;
  onCancel: () => void;
  onAdded: () => void;
};

/** Names the new passkey, then the browser asks for the fingerprint, face or screen lock. */
export function AddPasskeyForm({ add, onCancel, onAdded }: Props) {
  const t = useT();
  const locale = useLocale();
  const form = useRef<HTMLFormElement>(null);
  const errors = formErrors(add.error, ["name"], locale);
  useFocusFirstError(form, add.error);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (add.isPending) return;
    const name = String(
      new FormData(event.currentTarget).get("name") ?? "",
    ).trim();
    add.mutate(name, { onSuccess: onAdded });
  }

  return (
    <form
      ref={form}
      onSubmit={submit}
      className="space-y-4 rounded-lg bg-zinc-50 p-4 ring-1 ring-zinc-200"
    >
      <ErrorAlert error={errors.general} />
      <TextField
        label={t("Passkey name")}
        name="name"
        required
        maxLength={255}
        autoFocus
        autoComplete="off"
        hint={t("So you can tell your passkeys apart, e.g. “Work laptop”.")}
        error={errors.fields.name}
        className="sm:max-w-sm"
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={add.isPending}>
          {add.isPending ? t("Waiting for your device…") : t("Create passkey")}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={add.isPending}>
          {t("Cancel")}
        </Button>
      </div>
    </form>
  );
}
