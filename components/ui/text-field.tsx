"use client";

import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  useId,
  useState,
} from "react";
import { useT } from "@/lib/client/i18n";

export const INPUT_CLASSES =
  "block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-zinc-900 shadow-sm ring-1 ring-inset ring-zinc-300 placeholder:text-zinc-500 focus:ring-2 focus:ring-inset focus:ring-indigo-600 focus:outline-none disabled:bg-zinc-50 disabled:text-zinc-500 read-only:bg-zinc-50 read-only:text-zinc-600 aria-[invalid=true]:ring-red-500 aria-[invalid=true]:focus:ring-red-600";

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  ref?: Ref<HTMLInputElement>;
  label: string;
  name: string;
  /** The server's message for this field (422). */
  error?: string;
  hint?: ReactNode;
  /** Something beside the label, e.g. a "Forgot password?" link. */
  corner?: ReactNode;
};

/** Show or hide a password field's characters: a pressed toggle after the field, named by its words. */
function RevealToggle({
  shown,
  onToggle,
}: {
  shown: boolean;
  onToggle: () => void;
}) {
  const t = useT();
  return (
    <button
      type="button"
      aria-pressed={shown}
      onClick={onToggle}
      className="absolute inset-y-0 right-0 flex items-center rounded-r-lg px-3 text-xs font-medium text-zinc-600 hover:text-zinc-900"
    >
      {t("Show")}
      <span className="sr-only"> {t("password")}</span>
    </button>
  );
}

/**
 * A labelled input whose error is tied to it (aria-invalid, aria-describedby) and announced; a
 * password field has a Show toggle.
 */
export function TextField({
  label,
  name,
  error,
  hint,
  corner,
  id,
  className = "",
  ...input
}: TextFieldProps) {
  const generated = useId();
  const [isRevealed, setRevealed] = useState(false);
  const isPassword = input.type === "password";
  const inputId = id ?? `${name}-${generated}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  // The corner (a "Forgot your password?" link) comes after the input in the DOM, so the tab
  // order is field then link, and the grid draws it on the label's line (decision record 070).
  // Its rows keep their height when a form's grid stretches the field to a taller neighbour's
  // (the new password's rules beside its confirmation), so labels and inputs stay in line.
  return (
    <div
      className={`grid grid-cols-[minmax(0,1fr)_auto] content-start items-center gap-x-2 ${className}`}
    >
      <label
        htmlFor={inputId}
        className="col-start-1 row-start-1 block text-sm font-medium text-zinc-800"
      >
        {label}
      </label>
      <div className="relative col-span-2 mt-1.5">
        <input
          id={inputId}
          name={name}
          className={`${INPUT_CLASSES} ${isPassword ? "pr-16" : ""}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={
            [errorId, hintId].filter(Boolean).join(" ") || undefined
          }
          {...input}
          type={isPassword && isRevealed ? "text" : input.type}
        />
        {isPassword && (
          <RevealToggle
            shown={isRevealed}
            onToggle={() => setRevealed((shown) => !shown)}
          />
        )}
      </div>
      {corner && <div className="col-start-2 row-start-1">{corner}</div>}
      {hint && (
        <div id={hintId} className="col-span-2 mt-1.5 text-xs text-zinc-500">
          {hint}
        </div>
      )}
      {error && (
        <p
          id={errorId}
          className="col-span-2 mt-1.5 text-sm text-red-600"
          aria-live="polite"
        >
          {error}
        </p>
      )}
    </div>
  );
}
