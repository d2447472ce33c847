"use client";

import { DurationField } from "@/components/admin/settings/duration-field";
import { LimiterField } from "@/components/admin/settings/limiter-field";
import { Switch } from "@/components/ui/switch";
import { INPUT_CLASSES } from "@/components/ui/text-field";
import type { SettingDraft } from "@/lib/client/setting-values";
import { useT } from "@/lib/client/i18n";
import type { SettingDeclaration } from "@/lib/config/auth-settings";
import type { DurationUnit } from "@/lib/config/setting-durations";
import { settingBounds, settingChoices } from "@/lib/config/setting-schema";

type Props = {
  id: string;
  settingKey: string;
  label: string;
  declaration: SettingDeclaration;
  draft: SettingDraft;
  onDraft: (draft: SettingDraft) => void;
  errorId?: string;
  disabled?: boolean;
};

/** The control a setting declares (lib/config/auth-settings.ts), bounds and choices from its schema. */
export function SettingField({
  id,
  settingKey,
  label,
  declaration,
  draft,
  onDraft,
  errorId,
  disabled,
}: Props) {
  const t = useT();
  const described = {
    "aria-invalid": errorId ? true : undefined,
    "aria-describedby": errorId,
  };
  const path = settingKey.split(".");
  const text = typeof draft === "string" ? draft : "";
  switch (declaration.control) {
    case "toggle":
      return (
        <Switch
          id={id}
          checked={draft === true}
          onChange={onDraft}
          disabled={disabled}
          stateLabels={{ on: t("On"), off: t("Off") }}
          {...described}
        />
      );
    case "duration":
      return (
        <DurationField
          id={id}
          base={declaration.unit as DurationUnit}
          label={label}
          draft={text}
          onDraft={onDraft}
          described={described}
          disabled={disabled}
        />
      );
    case "limiter":
      return (
        <LimiterField
          id={id}
          draft={text}
          onDraft={onDraft}
          described={described}
          disabled={disabled}
        />
      );
    case "select":
      return (
        <select
          id={id}
          value={text}
          onChange={(event) => onDraft(event.target.value)}
          disabled={disabled}
          className={`${INPUT_CLASSES} max-w-64 pr-8`}
          {...described}
        >
          {settingChoices(path).map((choice) => (
            <option key={choice} value={choice}>
              {t(`${settingKey}:${choice}`)}
            </option>
          ))}
        </select>
      );
    case "list":
      return (
        <textarea
          id={id}
          value={text}
          rows={Math.min(Math.max(text.split("\n").length, 2), 8)}
          spellCheck={false}
          onChange={(event) => onDraft(event.target.value)}
          disabled={disabled}
          className={`${INPUT_CLASSES} font-mono`}
          {...described}
        />
      );
    case "number": {
      const { min, max } = settingBounds(path);
      return (
        <input
          id={id}
          type="number"
          inputMode="numeric"
          step={1}
          min={min}
          max={max}
          value={text}
          onChange={(event) => onDraft(event.target.value)}
          disabled={disabled}
          className={`${INPUT_CLASSES} max-w-32`}
          {...described}
        />
      );
    }
    default:
      return (
        <input
          id={id}
          type="text"
          value={text}
          spellCheck={false}
          onChange={(event) => onDraft(event.target.value)}
          disabled={disabled}
          className={`${INPUT_CLASSES} font-mono`}
          {...described}
        />
      );
  }
}
