"use client";

import { Switch } from "@/components/ui/switch";
import { INPUT_CLASSES } from "@/components/ui/text-field";
import type { SettingKind } from "@/lib/client/setting-values";
import { useT } from "@/lib/client/i18n";

type Props = {
  id: string;
  kind: Exclude<SettingKind, "other">;
  /** The draft: a boolean for a switch, the text of any other editor. */
  draft: boolean | string;
  onDraft: (draft: boolean | string) => void;
  errorId?: string;
  disabled?: boolean;
};

/** The editor suited to a setting's type: a switch, a number, a list (one item a line) or text. */
export function SettingField({
  id,
  kind,
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
  if (kind === "boolean") {
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
  }
  const text = typeof draft === "string" ? draft : "";
  if (kind === "list") {
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
  }
  return (
    <input
      id={id}
      type={kind === "number" ? "number" : "text"}
      inputMode={kind === "number" ? "numeric" : undefined}
      step={kind === "number" ? 1 : undefined}
      value={text}
      spellCheck={false}
      onChange={(event) => onDraft(event.target.value)}
      disabled={disabled}
      className={`${INPUT_CLASSES} ${kind === "number" ? "max-w-32" : "font-mono"}`}
      {...described}
    />
  );
}
