import { type SelectHTMLAttributes, useId } from "react";
import { INPUT_CLASSES } from "@/components/ui/text-field";

type Props = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  options: { value: string; label: string }[];
  /** Visually hidden label (the control explains itself in context). */
  hideLabel?: boolean;
};

export function SelectField({
  label,
  options,
  hideLabel = false,
  id,
  className = "",
  ...select
}: Props) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div className={className}>
      <label
        htmlFor={selectId}
        className={
          hideLabel ? "sr-only" : "block text-sm font-medium text-zinc-800"
        }
      >
        {label}
      </label>
      <select
        id={selectId}
        className={`${INPUT_CLASSES} ${hideLabel ? "" : "mt-1.5"} pr-8`}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
