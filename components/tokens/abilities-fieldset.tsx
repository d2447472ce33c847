"use client";

import { useId, useState } from "react";
import { CheckboxField } from "@/components/ui/checkbox-field";
import {
  ABILITY_CHOICES,
  ALL_ABILITIES,
} from "@/components/tokens/token-form-input";
import { useT } from "@/lib/client/i18n";

const ABILITY_HINTS: Record<(typeof ABILITY_CHOICES)[number], string> = {
  "user:write": "Change the profile.",
  "tokens:write": "Revoke and roll tokens.",
  admin: "Administrators' actions, if the account is one.",
};

/**
 * The create form's abilities: each declared one, or "All abilities (*)" as a box of its own,
 * so `*` is always checked on purpose and nothing checked is an error, never every ability
 * (decision record 011, amendment 2026-12-02). The error is tied to the group and to its first box.
 */
export function AbilitiesFieldset({ error }: { error?: string }) {
  const t = useT();
  const id = useId();
  const [isAll, setAll] = useState(false);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? `${hintId} ${errorId}` : hintId}>
      <legend className="block text-sm font-medium text-zinc-800">
        {t("Abilities")}
      </legend>
      <div className="mt-2 space-y-2">
        <CheckboxField
          name="abilities"
          value={ALL_ABILITIES}
          label={t("All abilities (*)")}
          checked={isAll}
          onChange={(event) => setAll(event.currentTarget.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {!isAll &&
          ABILITY_CHOICES.map((ability) => (
            <div key={ability}>
              <CheckboxField
                name="abilities"
                value={ability}
                label={ability}
                aria-describedby={`${id}-${ability}`}
              />
              <p
                id={`${id}-${ability}`}
                className="ml-6.5 text-xs text-zinc-500"
              >
                {t(ABILITY_HINTS[ability])}
              </p>
            </div>
          ))}
      </div>
      <p id={hintId} className="mt-1.5 text-xs text-zinc-500">
        {t("Any token can read. Choose what it may change, or all abilities.")}
      </p>
      {error && (
        <p
          id={errorId}
          className="mt-1.5 text-xs text-red-600"
          aria-live="polite"
        >
          {error}
        </p>
      )}
    </fieldset>
  );
}
