import type { ButtonHTMLAttributes } from "react";

type Props = Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  "onChange" | "role"
> & {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Words beside the switch for its two states ("On" / "Off"); the label names what it turns on. */
  stateLabels: { on: string; off: string };
};

/** An on/off control (role=switch). Name it with a <label htmlFor> or aria-label. */
export function Switch({
  checked,
  onChange,
  stateLabels,
  className = "",
  disabled,
  ...rest
}: Props) {
  return (
    <span className={`inline-flex items-center gap-3 ${className}`}>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={`relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60 ${checked ? "bg-indigo-600" : "bg-zinc-300"}`}
        {...rest}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-5 rounded-full bg-white shadow-sm ring-1 ring-zinc-900/5 transition-transform ${checked ? "translate-x-5.5" : "translate-x-0.5"}`}
        />
      </button>
      <span aria-hidden="true" className="text-sm text-zinc-700">
        {checked ? stateLabels.on : stateLabels.off}
      </span>
    </span>
  );
}
