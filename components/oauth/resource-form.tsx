"use client";

import { type FormEvent, useId, useRef, useState } from "react";
import { ResourceExchangeFieldset } from "@/components/oauth/resource-exchange-fieldset";
import { ResourceScopesFieldset } from "@/components/oauth/resource-scopes-fieldset";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { ErrorAlert } from "@/components/ui/error-alert";
import { TextField } from "@/components/ui/text-field";
import { FieldError } from "@/components/ui/field-error";
import { FormActions } from "@/components/ui/form-actions";
import { ApiError } from "@/lib/client/api";
import { formErrors } from "@/lib/client/form-errors";
import { useLocale, useT } from "@/lib/client/i18n";
import { useFocusFirstError } from "@/lib/client/use-focus-first-error";
import type { NewOAuthResource, OAuthResource } from "@/lib/client/contract";

const FIELDS = [
  "identifier",
  "name",
  "scopes",
  "clients",
  "token_minutes",
  "exchange_client",
  "exchange_scopes",
];

/** The 422's keys of a list's items (`scopes.0.name`, `clients.1`) told beside the list itself. */
function folded(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.status !== 422) return error;
  const errors: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(error.errors)) {
    const field = key.split(".")[0] ?? key;
    errors[field] = [...(errors[field] ?? []), ...messages];
  }
  return new ApiError(422, error.message, errors);
}

/**
 * A registered resource's fields (decision record 101): a new one, or `resource` filled in, its
 * identifier kept (PUT does not change it: tokens name it). `clients`: the OAuth clients it may be
 * limited to; none checked with "Any client" cleared is refused here. The confidential ones may
 * be its server, which exchanges its tokens (decision record 115).
 */
export function ResourceForm({
  resource,
  clients,
  save,
  onSave,
  onCancel,
}: {
  resource?: OAuthResource;
  clients: { id: string; name: string; confidential: boolean }[];
  save: { error: unknown; isPending: boolean; reset: () => void };
  onSave: (input: NewOAuthResource) => void;
  onCancel?: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const form = useRef<HTMLFormElement>(null);
  const clientsErrorId = `${useId()}-clients-error`;
  const errors = formErrors(folded(save.error), FIELDS, locale);
  const [anyClient, setAnyClient] = useState(
    (resource?.clients ?? null) === null,
  );
  const [noClient, setNoClient] = useState<object | null>(null);
  useFocusFirstError(form, save.error ?? noClient);
  const clientsError = noClient
    ? t("Choose at least one client, or any client.")
    : errors.fields.clients;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const data = new FormData(event.currentTarget);
    const chosen = data.getAll("clients").map(String);
    if (!anyClient && chosen.length === 0) {
      save.reset();
      setNoClient({});
      return;
    }
    setNoClient(null);
    const descriptions = data.getAll("scope_description").map(String);
    const scopes = data
      .getAll("scope_name")
      .map((name, index) => ({
        name: String(name).trim(),
        description: (descriptions[index] ?? "").trim(),
      }))
      .filter((scope) => scope.name !== "" || scope.description !== "");
    const minutes = String(data.get("token_minutes") ?? "").trim();
    const server = String(data.get("exchange_client") ?? "");
    onSave({
      identifier: resource
        ? resource.identifier
        : String(data.get("identifier") ?? "").trim(),
      name: String(data.get("name") ?? "").trim(),
      scopes,
      clients: anyClient ? null : chosen,
      token_minutes: minutes === "" ? null : Number(minutes),
      exchange_client: server === "" ? null : server,
      exchange_scopes:
        server === "" ? [] : data.getAll("exchange_scopes").map(String),
    });
  }

  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      className="space-y-5"
      aria-label={
        resource
          ? t("Edit :name", { name: resource.name })
          : t("Register a resource")
      }
    >
      <ErrorAlert error={errors.general} />
      {resource ? (
        <p className="text-sm text-zinc-700">
          <span className="font-medium text-zinc-800">{t("Identifier")}:</span>{" "}
          <code className="break-all">{resource.identifier}</code>.{" "}
          <span className="text-zinc-500">
            {t("A resource keeps its identifier: tokens name it.")}
          </span>
        </p>
      ) : (
        <TextField
          label={t("Identifier")}
          name="identifier"
          type="url"
          inputMode="url"
          required
          maxLength={2000}
          spellCheck={false}
          placeholder="https://api.example.com"
          hint={t(
            "The API's address, as clients send it in the resource parameter (https, no query).",
          )}
          error={errors.fields.identifier}
          className="sm:max-w-xl"
        />
      )}
      <TextField
        label={t("Name")}
        name="name"
        required
        maxLength={255}
        defaultValue={resource?.name}
        autoFocus={resource !== undefined}
        error={errors.fields.name}
        className="sm:max-w-md"
      />
      <ResourceScopesFieldset
        initial={resource?.scopes ?? []}
        error={errors.fields.scopes}
      />
      <fieldset aria-describedby={clientsError ? clientsErrorId : undefined}>
        <legend className="text-sm font-medium text-zinc-800">
          {t("Allowed clients")}
        </legend>
        <div className="mt-2 space-y-2">
          <CheckboxField
            name="any_client"
            label={t("Any client")}
            checked={anyClient}
            onChange={(event) => setAnyClient(event.currentTarget.checked)}
            aria-invalid={clientsError ? true : undefined}
            aria-describedby={clientsError ? clientsErrorId : undefined}
          />
          {!anyClient && (
            <div className="grid gap-2 sm:grid-cols-2">
              {clients.map((client) => (
                <CheckboxField
                  key={client.id}
                  name="clients"
                  value={client.id}
                  defaultChecked={resource?.clients?.includes(client.id)}
                  label={client.name}
                />
              ))}
            </div>
          )}
        </div>
        <FieldError id={clientsErrorId} error={clientsError} />
      </fieldset>
      <TextField
        label={t("Token lifetime in minutes (optional)")}
        name="token_minutes"
        type="number"
        inputMode="numeric"
        min={1}
        max={525_600}
        defaultValue={resource?.token_minutes ?? ""}
        hint={t("Empty: the usual lifetime of an access token.")}
        error={errors.fields.token_minutes}
        className="sm:max-w-xs"
      />
      <ResourceExchangeFieldset
        clients={clients}
        initial={{
          client: resource?.exchange_client ?? null,
          scopes: resource?.exchange_scopes ?? [],
        }}
        errors={{
          client: errors.fields.exchange_client,
          scopes: errors.fields.exchange_scopes,
        }}
      />
      <FormActions
        submit={resource ? t("Save resource") : t("Register resource")}
        loading={save.isPending}
        onCancel={onCancel}
      />
    </form>
  );
}
