"use client";

import { useId } from "react";
import { SettingField } from "@/components/admin/setting-field";
import {
  BreakableText,
  SettingValue,
  SourceBadge,
} from "@/components/admin/setting-value";
import { Button } from "@/components/ui/button";
import type { SettingRow } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";
import { draftOf, type SettingDraft } from "@/lib/client/setting-values";
import { settingDeclaration } from "@/lib/config/auth-settings";
import { settingLabel } from "@/lib/settings/setting-issues";

/** A setting's name in the reader's language (lib/config/auth-settings.ts), or its key. */
export function useSettingLabel() {
  const t = useT();
  return (key: string) => settingLabel(key, t);
}

/** The editor's draft for a row nobody has touched: the value in force. */
export function untouched(row: SettingRow): SettingDraft {
  const declared = settingDeclaration(row.key);
  return draftOf(row.value, declared?.control ?? "text", declared?.unit);
}

/**
 * One setting in its section's form: the label in the reader's language, the key small, where
 * the value comes from, the editor, and Revert once it is set here. The section saves.
 */
export function EditableSetting({
  row,
  draft,
  onDraft,
  error,
  onRevert,
  isBusy,
}: {
  row: SettingRow;
  draft: SettingDraft;
  onDraft: (draft: SettingDraft) => void;
  error?: string;
  onRevert: () => void;
  isBusy: boolean;
}) {
  const t = useT();
  const id = useId();
  const label = useSettingLabel()(row.key);
  const declaration = settingDeclaration(row.key);
  if (!declaration) return null;
  const kind = declaration.control;
  const text = declaration.help;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="grid gap-3 py-4 first:pt-0 last:pb-0 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:gap-8">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <label
            id={`${id}-label`}
            htmlFor={id}
            className="text-sm font-medium text-zinc-900"
          >
            {label}
          </label>
          <SourceBadge source={row.source} />
        </div>
        <p className="mt-0.5 font-mono text-xs break-words text-zinc-500">
          <BreakableText text={row.key} />
        </p>
        {text && <p className="mt-1.5 text-sm text-zinc-500">{t(text)}</p>}
      </div>
      <div className="min-w-0">
        <div
          className={`flex flex-wrap gap-2 ${kind === "list" || kind === "limiter" ? "items-end" : "items-center"}`}
        >
          <div className={kind === "toggle" ? "mr-auto" : "min-w-48 flex-1"}>
            <SettingField
              id={id}
              settingKey={row.key}
              label={label}
              declaration={declaration}
              draft={draft}
              onDraft={onDraft}
              errorId={errorId}
              disabled={isBusy}
            />
          </div>
          {row.source === "settings" && (
            <Button
              variant="secondary"
              size="sm"
              disabled={isBusy}
              onClick={onRevert}
              aria-label={t("Revert :setting", { setting: label })}
            >
              {t("Revert")}
            </Button>
          )}
        </div>
        {error && (
          <p id={errorId} className="mt-1.5 text-sm text-red-600">
            {error}
          </p>
        )}
        {row.source === "settings" && (
          <div className="mt-1.5 flex flex-wrap items-baseline gap-x-1.5 text-xs text-zinc-500">
            {t("Start-up value:")} <SettingValue value={row.startup} />
          </div>
        )}
      </div>
    </div>
  );
}
