"use client";

import { type FormEvent, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorAlert } from "@/components/ui/error-alert";
import { TextField } from "@/components/ui/text-field";
import { NewTokenPanel } from "@/components/tokens/new-token-panel";
import { formErrors } from "@/lib/client/form-errors";
import { useT } from "@/lib/client/i18n";
import { useFocusFirstError } from "@/lib/client/use-focus-first-error";
import { type CreateTokenInput, useCreateToken } from "@/lib/client/use-tokens";

function tomorrow(): string {
  const date = new Date(Date.now() + 24 * 60 * 60 * 1000);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}

/** POST create-token needs the account's credentials: the email of the session, the password asked again. */
export function CreateTokenForm({ email }: { email: string }) {
  const t = useT();
  const create = useCreateToken();
  const form = useRef<HTMLFormElement>(null);
  // Bad credentials come back as a 422 on `email`, which this form asks as "current password".
  const errors = formErrors(create.error, [
    "name",
    "abilities",
    "expires_at",
    "password",
    "email",
  ]);
  const passwordError = errors.fields.password ?? errors.fields.email;
  useFocusFirstError(form, create.error);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const element = event.currentTarget;
    const data = new FormData(element);
    const abilities = String(data.get("abilities") ?? "")
      .split(",")
      .map((ability) => ability.trim())
      .filter(Boolean);
    const expiry = String(data.get("expires_at") ?? "");
    const input: CreateTokenInput = {
      email,
      password: String(data.get("password") ?? ""),
      name: String(data.get("name") ?? ""),
    };
    if (abilities.length > 0) input.abilities = abilities;
    // The end of the chosen day, in the user's time zone.
    if (expiry) input.expires_at = new Date(`${expiry}T23:59:59`).toISOString();
    create.mutate(input, { onSuccess: () => element.reset() });
  }

  return (
    <Card
      title={t("Create a token")}
      description={t(
        "Tokens let scripts and integrations use the API on your behalf.",
      )}
    >
      {create.isSuccess ? (
        <NewTokenPanel
          token={create.data.token}
          onDone={() => create.reset()}
        />
      ) : (
        <form ref={form} onSubmit={submit} className="space-y-5">
          <ErrorAlert error={errors.general} />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label={t("Token name")}
              name="name"
              required
              maxLength={255}
              placeholder={t("e.g. Deploy script")}
              error={errors.fields.name}
            />
            <TextField
              label={t("Abilities")}
              name="abilities"
              placeholder="user:write, tokens:write"
              hint={t(
                "Comma-separated: user:write, tokens:write, admin. Any token can read. Leave empty for full access (*).",
              )}
              error={errors.fields.abilities}
            />
            <TextField
              label={t("Expires on")}
              name="expires_at"
              type="date"
              min={tomorrow()}
              hint={t("Optional.")}
              error={errors.fields.expires_at}
            />
            <TextField
              label={t("Current password")}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              hint={t("Confirms it is you.")}
              error={passwordError}
            />
          </div>
          <div className="flex justify-end">
            <Button type="submit" loading={create.isPending}>
              {t("Create token")}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
