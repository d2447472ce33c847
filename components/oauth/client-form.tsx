"use client";

import { type FormEvent, useRef, useState } from "react";
import { allowedScopesInput } from "@/components/oauth/client-form-input";
import {
  CLIENT_KINDS,
  type ClientKind,
  kindOf,
} from "@/components/oauth/client-kinds";
import { KindChoice } from "@/components/oauth/kind-choice";
import {
  RedirectUrisField,
  redirectUrisOf,
} from "@/components/oauth/redirect-uris-field";
import { ScopesFieldset } from "@/components/oauth/scopes-fieldset";
import { ErrorAlert } from "@/components/ui/error-alert";
import { TextField } from "@/components/ui/text-field";
import { FormActions } from "@/components/ui/form-actions";
import { formErrors } from "@/lib/client/form-errors";
import { useLocale, useT } from "@/lib/client/i18n";
import { useFocusFirstError } from "@/lib/client/use-focus-first-error";
import type {
  NewOAuthClient,
  OAuthClient,
  OAuthScope,
} from "@/lib/client/contract";

/** The state of the create or update call the form sends. */
type ClientSave = { error: unknown; isPending: boolean; reset: () => void };

/**
 * A client's name, kind, redirect URIs (apps that sign users in) and allowed scopes: a new one, or
 * `client` filled in, its kind and grants as created (PUT /oauth/clients/{id} does not change them).
 */
export function ClientForm({
  scopes,
  client,
  save,
  onSave,
  onCancel,
}: {
  scopes: OAuthScope[];
  client?: OAuthClient;
  save: ClientSave;
  onSave: (input: NewOAuthClient) => void;
  onCancel?: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const form = useRef<HTMLFormElement>(null);
  const [kind, setKind] = useState<ClientKind>(
    client ? kindOf(client) : "confidential",
  );
  const errors = formErrors(
    save.error,
    ["name", "redirect_uris", "backchannel_logout_uri", "scopes"],
    locale,
  );
  const [noScope, setNoScope] = useState<object | null>(null);
  useFocusFirstError(form, save.error ?? noScope);
  const machine = kind === "machine";

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const data = new FormData(event.currentTarget);
    const scopes = allowedScopesInput(data, machine);
    if (!scopes) {
      save.reset();
      setNoScope({});
      return;
    }
    setNoScope(null);
    const redirects = redirectUrisOf(data);
    const logoutUri = String(data.get("backchannel_logout_uri") ?? "").trim();
    onSave({
      name: String(data.get("name") ?? "").trim(),
      redirect_uris: machine ? [] : redirects,
      backchannel_logout_uri: machine || logoutUri === "" ? null : logoutUri,
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
      aria-label={
        client ? t("Edit :name", { name: client.name }) : t("Create a client")
      }
    >
      <ErrorAlert error={errors.general} />
      <TextField
        label={t("Name")}
        name="name"
        required
        maxLength={255}
        defaultValue={client?.name}
        autoFocus={client !== undefined}
        hint={t("Users see it on the consent screen.")}
        error={errors.fields.name}
        className="sm:max-w-md"
      />
      {client ? (
        <p className="text-sm text-zinc-700">
          <span className="font-medium text-zinc-800">
            {t("Kind of client")}:
          </span>{" "}
          {t(CLIENT_KINDS[kind].label)}.{" "}
          <span className="text-zinc-500">
            {t("A client keeps the kind it was created with.")}
          </span>
        </p>
      ) : (
        <KindChoice kind={kind} onKind={setKind} />
      )}
      {!machine && (
        <RedirectUrisField
          uris={client?.redirect_uris}
          error={errors.fields.redirect_uris}
        />
      )}
      {!machine && (
        <TextField
          label={t("Back-channel logout URI (optional)")}
          name="backchannel_logout_uri"
          type="url"
          inputMode="url"
          maxLength={2000}
          spellCheck={false}
          placeholder="https://app.example/backchannel-logout"
          defaultValue={client?.backchannel_logout_uri ?? ""}
          hint={t(
            "Where this server posts a logout token when a user who signed in to the app ends their session here (OpenID Connect Back-Channel Logout).",
          )}
          error={errors.fields.backchannel_logout_uri}
          className="sm:max-w-xl"
        />
      )}
      <ScopesFieldset
        scopes={scopes}
        machine={machine}
        allowed={client ? client.scopes : undefined}
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
      <FormActions
        submit={client ? t("Save client") : t("Create client")}
        loading={save.isPending}
        onCancel={onCancel}
      />
    </form>
  );
}
