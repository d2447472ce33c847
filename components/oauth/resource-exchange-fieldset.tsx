"use client";

import { useId, useState } from "react";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { FieldError } from "@/components/ui/field-error";
import { SelectField } from "@/components/ui/select-field";
import { useT } from "@/lib/client/i18n";
import { useRouteQuery } from "@/lib/client/route-query";

/** `*` is never exchanged (decision record 115): the server names what it may do. */
const NEVER_EXCHANGED = "*";

/**
 * Who may exchange the resource's tokens for this API's, and for what (RFC 8693, decision record
 * 115): its server among the confidential clients (`exchange_client`, none by default), and the
 * scopes of this API it may act with (`exchange_scopes`), shown once a server is chosen.
 */
export function ResourceExchangeFieldset({
  clients,
  initial,
  errors,
}: {
  clients: { id: string; name: string; confidential: boolean }[];
  initial: { client: string | null; scopes: string[] };
  errors: { client?: string; scopes?: string };
}) {
  const t = useT();
  const id = useId();
  // The server's scopes are its configuration: read once.
  const scopes = useRouteQuery("passport.scopes.index", undefined, {
    staleTime: Infinity,
  });
  const [server, setServer] = useState(initial.client ?? "");
  const servers = clients.filter(
    (client) => client.confidential || client.id === initial.client,
  );
  return (
    <fieldset aria-describedby={`${id}-hint`} className="space-y-3">
      <legend className="text-sm font-medium text-zinc-800">
        {t("Token exchange")}
      </legend>
      <p id={`${id}-hint`} className="text-xs text-zinc-500">
        {t(
          "The resource's own server may trade a user's token for it for a token for this application's API, acting for that user with the scopes chosen here. The consent screen tells the user.",
        )}
      </p>
      <div className="sm:max-w-md">
        <SelectField
          label={t("Its server")}
          name="exchange_client"
          value={server}
          onChange={(event) => setServer(event.currentTarget.value)}
          options={[
            { value: "", label: t("None: no exchange") },
            ...servers.map((client) => ({
              value: client.id,
              label: client.name,
            })),
          ]}
          aria-invalid={errors.client ? true : undefined}
          aria-describedby={errors.client ? `${id}-client-error` : undefined}
        />
        <FieldError id={`${id}-client-error`} error={errors.client} />
      </div>
      {server !== "" && (
        <div
          role="group"
          aria-label={t("Scopes it may exchange for")}
          aria-describedby={errors.scopes ? `${id}-scopes-error` : undefined}
        >
          <p className="text-sm text-zinc-700">
            {t("Scopes it may exchange for")}
          </p>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {(scopes.data ?? [])
              .filter((scope) => scope.id !== NEVER_EXCHANGED)
              .map((scope) => (
                <CheckboxField
                  key={scope.id}
                  name="exchange_scopes"
                  value={scope.id}
                  defaultChecked={initial.scopes.includes(scope.id)}
                  label={`${t(scope.description)} (${scope.id})`}
                />
              ))}
          </div>
          <FieldError id={`${id}-scopes-error`} error={errors.scopes} />
        </div>
      )}
    </fieldset>
  );
}
