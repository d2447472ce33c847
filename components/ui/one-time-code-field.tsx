import type { FormEvent } from "react";
import { TextField, type TextFieldProps } from "@/components/ui/text-field";

/** Digits of an authenticator's code: Fortify's TOTP codes are six long. */
const CODE_LENGTH = 6;

/**
 * Keeps the digits of what was typed or pasted. Authenticator apps show "123 456" and copy it
 * so; a `maxLength` would cut that paste to "123 45" before anything could drop the space.
 */
function keepDigits(event: FormEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const digits = input.value.replace(/\D/g, "").slice(0, CODE_LENGTH);
  if (digits !== input.value) input.value = digits;
}

/**
 * The field for a code from an authenticator app: one input the browser and the phone's keyboard
 * know as a one-time code (numeric keypad, autofill from an SMS or a password manager).
 */
export function OneTimeCodeField({
  className = "",
  onInput,
  ...props
}: Omit<
  TextFieldProps,
  "type" | "inputMode" | "autoComplete" | "pattern" | "maxLength"
>) {
  return (
    <TextField
      {...props}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      onInput={(event) => {
        keepDigits(event);
        onInput?.(event);
      }}
      className={`[&_input]:font-mono [&_input]:tracking-widest ${className}`}
    />
  );
}
