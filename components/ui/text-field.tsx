import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  useId,
} from "react";

export const INPUT_CLASSES =
  "block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-zinc-900 shadow-sm ring-1 ring-inset ring-zinc-300 placeholder:text-zinc-500 focus:ring-2 focus:ring-inset focus:ring-indigo-600 focus:outline-none disabled:bg-zinc-50 disabled:text-zinc-500 read-only:bg-zinc-50 read-only:text-zinc-600 aria-[invalid=true]:ring-red-500 aria-[invalid=true]:focus:ring-red-600";

type Props = InputHTMLAttributes<HTMLInputElement> & {
  ref?: Ref<HTMLInputElement>;
  label: string;
  name: string;
  /** The server's message for this field (422). */
  error?: string;
  hint?: ReactNode;
  /** Something beside the label, e.g. a "Forgot password?" link. */
  corner?: ReactNode;
};

/** A labelled input whose error is tied to it (aria-invalid, aria-describedby) and announced. */
export function TextField({
  label,
  name,
  error,
  hint,
  corner,
  id,
  className = "",
  ...input
}: Props) {
  const generated = useId();
  const inputId = id ?? `${name}-${generated}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={className}>
      <div className="flex items-center justify-between gap-2">
        <label
          htmlFor={inputId}
          className="block text-sm font-medium text-zinc-800"
        >
          {label}
        </label>
        {corner}
      </div>
      <input
        id={inputId}
        name={name}
        className={`${INPUT_CLASSES} mt-1.5`}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [errorId, hintId].filter(Boolean).join(" ") || undefined
        }
        {...input}
      />
      {hint && (
        <div id={hintId} className="mt-1.5 text-xs text-zinc-500">
          {hint}
        </div>
      )}
      {error && (
        <p
          id={errorId}
          className="mt-1.5 text-sm text-red-600"
          aria-live="polite"
        >
          {error}
        </p>
      )}
    </div>
  );
}
