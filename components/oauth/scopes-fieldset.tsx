"use client";

import { useId, useState } from "react";
import { ANY_SCOPE_FIELD } from "@/components/oauth/client-form-input";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { FieldError } from "@/components/ui/field-error";
import { useT } from "@/lib/client/i18n";
import type { OAuthScope } from "@/lib/client/contract";

/**
 * The client form's allowed scopes: the scopes one by one, and for a user's app "Any scope the
 * user consents to" as a box of its own; nothing chosen is an error, never every scope (decision
 * record 011, amendment 2026-12-02). The error is tied to the group and to its first box.
 * `allowed`: an edited client's list (null for any), checked as the form opens.
 */
export function ScopesFieldset({
  scopes,
  machine,
  error,
  allowed,
}: {
  scopes: OAuthScope[];
  machine: boolean;
  error?: string;
  allowed?: string[] | null;
}) {
  const t = useT();
  const id = useId();
  const [isAny, setAny] = useState(allowed === null && !machine);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const showsList = machine || !isAny;
  const invalid = {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
  };
  return (
    <fieldset aria-describedby={error ? `${hintId} ${errorId}` : hintId}>
      <legend className="text-sm font-medium text-zinc-800">
        {t("Allowed scopes")}
      </legend>
      <p id={hintId} className="mt-1 text-xs text-zinc-500">
        {machine
          ? t("A machine gets only the scopes checked here.")
          : t("The app asks only for these; the user consents to each.")}
      </p>
      {!machine && (
        <div className="mt-2">
          <CheckboxField
            name={ANY_SCOPE_FIELD}
            label={t("Any scope the user consents to")}
            checked={isAny}
            onChange={(event) => setAny(event.currentTarget.checked)}
            {...invalid}
          />
        </div>
      )}
      {showsList && (
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {scopes.map((scope, index) => (
            <CheckboxField
              key={scope.id}
              name="scopes"
              value={scope.id}
              defaultChecked={allowed?.includes(scope.id)}
              label={`${t(scope.description)} (${scope.id})`}
              {...(machine && index === 0 ? invalid : {})}
            />
          ))}
        </div>
      )}
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
