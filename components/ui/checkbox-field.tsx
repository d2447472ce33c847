import { type InputHTMLAttributes, useId } from "react";

type Props = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  name: string;
};

export function CheckboxField({ label, name, id, ...input }: Props) {
  const generated = useId();
  const inputId = id ?? `${name}-${generated}`;
  return (
    <div className="flex items-center gap-2.5">
      <input
        id={inputId}
        name={name}
        type="checkbox"
        className="size-4 rounded border-zinc-300 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        {...input}
      />
      <label htmlFor={inputId} className="text-sm text-zinc-700">
        {label}
      </label>
    </div>
  );
}
