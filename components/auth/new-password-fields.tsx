"use client";

import { PasswordRules } from "@/components/auth/password-rules";
import { TextField } from "@/components/ui/text-field";
import { useT } from "@/lib/client/i18n";
import { useSettings } from "@/lib/client/settings-context";

type Props = {
  /** Field errors of the form (`password`, `password_confirmation`). */
  errors: Record<string, string>;
  /** "New password" wording, for forms that replace an existing one. */
  replacing?: boolean;
  /** The new password is the screen's first field to fill (the reset screen). */
  autoFocus?: boolean;
};

/**
 * A new password and its confirmation, as register, reset and change ask for them. The rules in
 * force are shown before the user types; the server alone enforces them.
 */
export function NewPasswordFields({
  errors,
  replacing = false,
  autoFocus = false,
}: Props) {
  const t = useT();
  const { password } = useSettings();
  return (
    <>
      <TextField
        label={t(replacing ? "New password" : "Password")}
        name="password"
        type="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        required
        minLength={password.length}
        error={errors.password}
        hint={<PasswordRules />}
      />
      <TextField
        label={t(replacing ? "Confirm new password" : "Confirm password")}
        name="password_confirmation"
        type="password"
        autoComplete="new-password"
        required
        error={errors.password_confirmation}
      />
    </>
  );
}
