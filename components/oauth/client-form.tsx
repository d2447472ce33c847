"use client";

import { type FormEvent, useId, useRef, useState } from "react";
import { allowedScopesInput } from "@/components/oauth/client-form-input";
import { CLIENT_KINDS, type ClientKind } from "@/components/oauth/client-kinds";
import { ScopesFieldset } from "@/components/oauth/scopes-fieldset";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { INPUT_CLASSES, TextField } from "@/components/ui/text-field";
import { formErrors } from "@/lib/client/form-errors";
import { useLocale, useT } from "@/lib/client/i18n";
import { useFocusFirstError } from "@/lib/client/use-focus-first-error";
import type { OAuthScope } from "@/lib/client/use-oauth-consent";
import type { useCreateOAuthClient } from "@/lib/client/use-oauth-clients";

const KINDS = Object.keys(CLIENT_KINDS) as ClientKind[];

/** The three kinds as radio cards: each says in a line what it is for. */
function KindChoice({
  kind,
  onKind,
}: {
  kind: ClientKind;
  onKind: (kind: ClientKind) => void;
}) {
  const t = useT();
  const name = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-zinc-800">
        {t("Kind of client")}
      </legend>
      <div className="mt-2 grid gap-3 lg:grid-cols-3">
        {KINDS.map((value) => (
          <label
            key={value}
            className={`flex cursor-pointer gap-3 rounded-lg p-3 ring-1 ${kind === value ? "bg-indigo-50/60 ring-indigo-600" : "ring-zinc-200 hover:bg-zinc-50"}`}
          >
            <input
              type="radio"
              name={name}
              value={value}
              checked={kind === value}
              onChange={() => onKind(value)}
              className="mt-0.5 size-4 accent-indigo-600"
            />
            <span className="text-sm">
              <span className="block font-medium text-zinc-900">
                {t(CLIENT_KINDS[value].label)}
              </span>
              <span className="mt-0.5 block text-zinc-600">
                {t(CLIENT_KINDS[value].description)}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Creates a client: its name, kind, redirect URIs (apps that sign users in) and allowed scopes. */
export function ClientForm({
  scopes,
  create,
}: {
  scopes: OAuthScope[];
  create: ReturnType<typeof useCreateOAuthClient>;
}) {
  const t = useT();
  const locale = useLocale();
  const form = useRef<HTMLFormElement>(null);
  const redirectsId = useId();
  const [kind, setKind] = useState<ClientKind>("confidential");
  const errors = formErrors(
    create.error,
    ["name", "redirect_uris", "scopes"],
    locale,
  );
  const [noScope, setNoScope] = useState<object | null>(null);
  useFocusFirstError(form, create.error ?? noScope);
  const machine = kind === "machine";

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const data = new FormData(event.currentTarget);
    const scopes = allowedScopesInput(data, machine);
    if (!scopes) {
      create.reset();
      setNoScope({});
      return;
    }
    setNoScope(null);
    const redirects = String(data.get("redirect_uris") ?? "")
      .split(/\s+/)
      .filter((uri) => uri !== "");
    create.mutate({
      name: String(data.get("name") ?? "").trim(),
      redirect_uris: machine ? [] : redirects,
      confidential: CLIENT_KINDS[kind].confidential,
      grant_types: CLIENT_KINDS[kind].grantTypes,
      ...scopes,
    });
  }

  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      className="space-y-5"
      aria-label={t("Create a client")}
    >
      <ErrorAlert error={errors.general} />
      <TextField
        label={t("Name")}
        name="name"
        required
        maxLength={255}
        hint={t("Users see it on the consent screen.")}
        error={errors.fields.name}
        className="sm:max-w-md"
      />
      <KindChoice kind={kind} onKind={setKind} />
      {!machine && (
        <div>
          <label
            htmlFor={redirectsId}
            className="block text-sm font-medium text-zinc-800"
          >
            {t("Redirect URIs")}
          </label>
          <textarea
            id={redirectsId}
            name="redirect_uris"
            rows={2}
            spellCheck={false}
            placeholder="https://app.example/callback"
            aria-describedby={`${redirectsId}-hint`}
            aria-invalid={errors.fields.redirect_uris ? true : undefined}
            className={`${INPUT_CLASSES} mt-1.5 font-mono`}
          />
          <p
            id={`${redirectsId}-hint`}
            className="mt-1.5 text-xs text-zinc-500"
          >
            {t("One per line; a redirect must match one exactly.")}
          </p>
          {errors.fields.redirect_uris && (
            <p className="mt-1.5 text-sm text-red-600" aria-live="polite">
              {errors.fields.redirect_uris}
            </p>
          )}
        </div>
      )}
      <ScopesFieldset
        scopes={scopes}
        machine={machine}
        error={
          noScope
            ? machine
              ? t("Choose at least one scope.")
              : t(
                  "Choose at least one scope, or any scope the user consents to.",
                )
            : errors.fields.scopes
        }
      />
      <div className="flex justify-end">
        <Button type="submit" loading={create.isPending}>
          {t("Create client")}
        </Button>
      </div>
    </form>
  );
}
