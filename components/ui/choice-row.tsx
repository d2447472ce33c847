"use client";

import { useId } from "react";

/** One row of pressed/unpressed buttons: the language and the scheme. */
export function ChoiceRow({
  label,
  options,
  value,
  onChoose,
  disabled = false,
}: {
  label: string;
  options: { value: string; label: string }[];
  value: string;
  onChoose: (value: string) => void;
  disabled?: boolean;
}) {
  const labelId = useId();
  return (
    <div className="px-3 py-2">
      <p id={labelId} className="text-xs font-medium text-zinc-600">
        {label}
      </p>
      <div
        role="group"
        aria-labelledby={labelId}
        className="mt-1.5 flex gap-1 rounded-lg bg-zinc-100 p-1"
      >
        {options.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={option.value === value}
            disabled={disabled}
            onClick={() => onChoose(option.value)}
            className="flex-1 rounded-md px-2 py-1 text-sm font-medium text-zinc-600 hover:text-zinc-900 aria-pressed:bg-white aria-pressed:text-zinc-900 aria-pressed:shadow-sm"
          >
            {option.label}
          </button>
        ))}
      </div>
    </div>
  );
}
