"use client";

import { type FormEvent, useRef } from "react";
import { ClientSecretPanel } from "@/components/oauth/client-secret-panel";
import {
  RedirectUrisField,
  redirectUrisOf,
} from "@/components/oauth/redirect-uris-field";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { ErrorAlert } from "@/components/ui/error-alert";
import { FormActions } from "@/components/ui/form-actions";
import { TextField } from "@/components/ui/text-field";
import { formErrors } from "@/lib/client/form-errors";
import { useLocale, useT } from "@/lib/client/i18n";
import { useRouteMutation } from "@/lib/client/route-query";
import { useFocusFirstError } from "@/lib/client/use-focus-first-error";
import type { OAuthClient } from "@/lib/client/contract";

/**
 * Registers an app the team owns (POST /oauth/clients with `team_id`, decision record 110), for a
 * member whose role may `create`, or, given `app`, edits it (PUT /oauth/clients/{id}) for one whose
 * role may `update`: Passport's fields a user may set (name, redirect URIs, and when registering
 * whether it keeps a secret); grants and allowed scopes stay an administrator's choice. A new
 * app's secret is shown once, as on the administrators' clients screen.
 */
export function TeamAppForm({
  teamId,
  app,
  onDone,
}: {
  teamId: number;
  app?: OAuthClient;
  /** Closes the form of an edited app: saved or cancelled. */
  onDone?: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const form = useRef<HTMLFormElement>(null);
  const create = useRouteMutation("passport.clients.store", {
    toast: "The app has been registered.",
  });
  const update = useRouteMutation("passport.clients.update", {
    toast: "The app has been saved.",
  });
  const save = app ? update : create;
  const errors = formErrors(save.error, ["name", "redirect_uris"], locale);
  useFocusFirstError(form, save.error);

  if (create.data && !create.isPending)
    return (
      <ClientSecretPanel
        client={create.data}
        title={t("The app :name is registered.", { name: create.data.name })}
        onDone={() => create.reset()}
      />
    );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const data = new FormData(event.currentTarget);
    const fields = {
      name: String(data.get("name") ?? "").trim(),
      redirect_uris: redirectUrisOf(data),
    };
    if (app) update.mutate({ id: app.id, ...fields }, { onSuccess: onDone });
    else
      create.mutate({
        team_id: teamId,
        ...fields,
        confidential: data.get("confidential") !== null,
      });
  }

  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      className={app ? "space-y-4" : "space-y-4 border-t border-zinc-200 pt-4"}
      aria-label={
        app
          ? t("Edit :name", { name: app.name })
          : t("Register an app for this team")
      }
    >
      <ErrorAlert error={errors.general} />
      <TextField
        label={t("App name")}
        name="name"
        required
        maxLength={255}
        defaultValue={app?.name}
        autoFocus={app !== undefined}
        hint={t("Users see it on the consent screen.")}
        error={errors.fields.name}
        className="sm:max-w-md"
      />
      <RedirectUrisField
        uris={app?.redirect_uris}
        error={errors.fields.redirect_uris}
      />
      {!app && (
        <CheckboxField
          label={t("It keeps a secret on its server")}
          name="confidential"
          defaultChecked
        />
      )}
      <FormActions
        submit={app ? t("Save app") : t("Register app")}
        loading={save.isPending}
        onCancel={onDone}
      />
    </form>
  );
}
