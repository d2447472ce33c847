import { TextField, type TextFieldProps } from "@/components/ui/text-field";

/** Digits of an authenticator's code: Fortify's TOTP codes are six long. */
const CODE_LENGTH = 6;

/**
 * The field for a code from an authenticator app: one input the browser and the phone's keyboard
 * know as a one-time code (numeric keypad, autofill from an SMS or a password manager).
 */
export function OneTimeCodeField({
  className = "",
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
      maxLength={CODE_LENGTH}
      className={`[&_input]:font-mono [&_input]:tracking-widest ${className}`}
    />
  );
}
