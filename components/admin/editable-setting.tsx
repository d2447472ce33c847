"use client";

import { type FormEvent, useId, useState } from "react";
import {
  REDIRECT_PREFIX,
  SETTING_LABELS,
} from "@/components/admin/setting-labels";
import { SettingField } from "@/components/admin/setting-field";
import {
  BreakableText,
  SettingValue,
  SourceBadge,
} from "@/components/admin/setting-value";
import { Button } from "@/components/ui/button";
import { useErrorMessage } from "@/components/ui/error-alert";
import { Icon } from "@/components/ui/icon";
import type { SettingRow } from "@/lib/client/contract";
import { formErrors } from "@/lib/client/form-errors";
import { useT } from "@/lib/client/i18n";
import {
  isSameSetting,
  parseSettingText,
  settingKind,
  settingText,
} from "@/lib/client/setting-values";
import { useRevertSetting, useSaveSetting } from "@/lib/client/use-settings";

/** One setting administrators may change: its value in an editor, Save, and Revert once it is set here. */
export function EditableSetting({ row }: { row: SettingRow }) {
  const t = useT();
  const errorMessage = useErrorMessage();
  const id = useId();
  const save = useSaveSetting();
  const revert = useRevertSetting();
  // null: untouched, the editor shows the value in force.
  const [draft, setDraft] = useState<boolean | string | null>(null);
  const kind = settingKind(row.value);
  if (kind === "other") return null;

  const known = SETTING_LABELS[row.key];
  const label = known
    ? t(known.label)
    : row.key.startsWith(REDIRECT_PREFIX)
      ? t("After :action", { action: row.key.slice(REDIRECT_PREFIX.length) })
      : row.key;
  const shown =
    draft ?? (kind === "boolean" ? row.value === true : settingText(row.value));
  const value =
    typeof shown === "boolean" ? shown : parseSettingText(shown, kind);
  const isChanged = draft !== null && !isSameSetting(value, row.value);
  const isBusy = save.isPending || revert.isPending;
  const failure = save.error ?? revert.error;
  const errors = formErrors(failure, ["value", "key"]);
  const fieldError =
    errors.fields.value ??
    errors.fields.key ??
    (errors.general ? errorMessage(errors.general) : undefined);
  const errorId = fieldError ? `${id}-error` : undefined;
  const done =
    draft === null && !isBusy
      ? save.isSuccess
        ? t("Saved.")
        : revert.isSuccess
          ? t("Reverted to the start-up value.")
          : null
      : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isChanged || isBusy) return;
    revert.reset();
    save.mutate({ key: row.key, value }, { onSuccess: () => setDraft(null) });
  }

  function revertToStartup() {
    save.reset();
    revert.mutate(row.key, { onSuccess: () => setDraft(null) });
  }

  return (
    <form
      aria-label={label}
      onSubmit={submit}
      className="grid gap-3 py-4 first:pt-0 last:pb-0 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:gap-8"
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <label htmlFor={id} className="text-sm font-medium text-zinc-900">
            {label}
          </label>
          <SourceBadge source={row.source} />
        </div>
        <p className="mt-0.5 font-mono text-xs break-words text-zinc-500">
          <BreakableText text={row.key} />
        </p>
        {known?.text && (
          <p className="mt-1.5 text-sm text-zinc-500">{t(known.text)}</p>
        )}
      </div>
      <div className="min-w-0">
        <div
          className={`flex flex-wrap gap-2 ${kind === "list" ? "items-end" : "items-center"}`}
        >
          <div className={kind === "boolean" ? "mr-auto" : "min-w-48 flex-1"}>
            <SettingField
              id={id}
              kind={kind}
              draft={shown}
              onDraft={setDraft}
              errorId={errorId}
              disabled={revert.isPending}
            />
          </div>
          <div className="flex gap-2">
            <Button
              type="submit"
              variant={isChanged ? "primary" : "secondary"}
              size="sm"
              loading={save.isPending}
              disabled={!isChanged || revert.isPending}
              aria-label={t("Save :setting", { setting: label })}
            >
              {t("Save")}
            </Button>
            {row.source === "settings" && (
              <Button
                variant="secondary"
                size="sm"
                loading={revert.isPending}
                disabled={save.isPending}
                onClick={revertToStartup}
                aria-label={t("Revert :setting", { setting: label })}
              >
                {t("Revert")}
              </Button>
            )}
          </div>
        </div>
        {fieldError && (
          <p
            id={errorId}
            className="mt-1.5 text-sm text-red-600"
            aria-live="polite"
          >
            {fieldError}
          </p>
        )}
        {done && (
          <p
            role="status"
            className="mt-1.5 flex items-center gap-1.5 text-sm text-emerald-700"
          >
            <Icon name="check" className="size-4" />
            {done}
          </p>
        )}
        {row.source === "settings" && (
          <div className="mt-1.5 flex flex-wrap items-baseline gap-x-1.5 text-xs text-zinc-500">
            {t("Start-up value:")} <SettingValue value={row.startup} />
          </div>
        )}
      </div>
    </form>
  );
}
