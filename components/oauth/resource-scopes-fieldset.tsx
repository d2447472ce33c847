"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { INPUT_CLASSES } from "@/components/ui/text-field";
import { FieldError } from "@/components/ui/field-error";
import { useT } from "@/lib/client/i18n";

type Row = { key: number; name: string; description: string };

/**
 * A resource's scopes as rows of name and description, sent as the form's `scope_name` and
 * `scope_description` fields in order; rows left empty are dropped by the form. The 422 on any
 * `scopes…` key is told under the group and tied to its first name.
 */
export function ResourceScopesFieldset({
  initial,
  error,
}: {
  initial: { name: string; description: string }[];
  error?: string;
}) {
  const t = useT();
  const id = useId();
  const [rows, setRows] = useState<Row[]>(() =>
    (initial.length > 0 ? initial : [{ name: "", description: "" }]).map(
      (row, key) => ({ key, ...row }),
    ),
  );
  const [next, setNext] = useState(rows.length);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <fieldset aria-describedby={error ? `${hintId} ${errorId}` : hintId}>
      <legend className="text-sm font-medium text-zinc-800">
        {t("Scopes")}
      </legend>
      <p id={hintId} className="mt-1 text-xs text-zinc-500">
        {t(
          "What a client may ask this API for, like orders:read; users see the description on the consent screen.",
        )}
      </p>
      <ol className="mt-2 space-y-3">
        {rows.map((row, index) => (
          <li
            key={row.key}
            className="grid gap-2 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] sm:items-end"
          >
            <div>
              <label
                htmlFor={`${id}-name-${row.key}`}
                className="block text-xs font-medium text-zinc-700"
              >
                {t("Scope :number name", { number: index + 1 })}
              </label>
              <input
                id={`${id}-name-${row.key}`}
                name="scope_name"
                defaultValue={row.name}
                maxLength={100}
                spellCheck={false}
                autoCapitalize="none"
                placeholder="orders:read"
                aria-invalid={error && index === 0 ? true : undefined}
                aria-describedby={error && index === 0 ? errorId : undefined}
                className={`${INPUT_CLASSES} mt-1 font-mono`}
              />
            </div>
            <div>
              <label
                htmlFor={`${id}-description-${row.key}`}
                className="block text-xs font-medium text-zinc-700"
              >
                {t("Scope :number description", { number: index + 1 })}
              </label>
              <input
                id={`${id}-description-${row.key}`}
                name="scope_description"
                defaultValue={row.description}
                maxLength={255}
                placeholder={t("Read your orders")}
                className={`${INPUT_CLASSES} mt-1`}
              />
            </div>
            <Button
              variant="secondary"
              size="sm"
              className="justify-self-start"
              disabled={rows.length === 1}
              onClick={() =>
                setRows((all) => all.filter((other) => other.key !== row.key))
              }
              aria-label={t("Remove scope :number", { number: index + 1 })}
            >
              {t("Remove")}
            </Button>
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        size="sm"
        className="mt-3"
        onClick={() => {
          setRows((all) => [...all, { key: next, name: "", description: "" }]);
          setNext(next + 1);
        }}
      >
        {t("Add a scope")}
      </Button>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
