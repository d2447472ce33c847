"use client";

import { TextField } from "@/components/ui/text-field";
import { useT } from "@/lib/client/i18n";

/** The six-digit code of a sign-in mail (decision record 088), as the request and link screens ask it. */
export function SignInCodeField({
  error,
  required = false,
}: {
  error?: string;
  required?: boolean;
}) {
  const t = useT();
  return (
    <TextField
      label={t("Sign-in code")}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      required={required}
      autoFocus={required}
      error={error}
    />
  );
}
