"use client";

import { INPUT_CLASSES } from "@/components/ui/text-field";
import { useT } from "@/lib/client/i18n";
import { type DurationUnit, unitsFrom } from "@/lib/config/setting-durations";

/** A duration as an amount and a unit (minutes, hours, days), stored in the setting's own unit. */
export function DurationField({
  id,
  base,
  label,
  draft,
  onDraft,
  described,
  disabled,
}: {
  id: string;
  base: DurationUnit;
  label: string;
  draft: string;
  onDraft: (draft: string) => void;
  described: Record<string, unknown>;
  disabled?: boolean;
}) {
  const t = useT();
  const [amount = "", unit = base] = draft.split(" ");
  return (
    <div className="flex gap-2">
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={amount}
        onChange={(event) => onDraft(`${event.target.value.trim()} ${unit}`)}
        disabled={disabled}
        className={`${INPUT_CLASSES} max-w-28`}
        {...described}
      />
      <select
        aria-label={t("Unit of :setting", { setting: label })}
        value={unit}
        onChange={(event) => onDraft(`${amount} ${event.target.value}`)}
        disabled={disabled}
        className={`${INPUT_CLASSES} max-w-36 pr-8`}
      >
        {unitsFrom(base).map((choice) => (
          <option key={choice} value={choice}>
            {t(choice)}
          </option>
        ))}
      </select>
    </div>
  );
}
