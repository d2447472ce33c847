"use client";

import { type RefObject, useState } from "react";
import { fieldProblems, fieldStates } from "@/lib/client/field-checks";
import { type FormErrors, formErrors } from "@/lib/client/form-errors";
import { useLocale, useT } from "@/lib/client/i18n";
import { useFocusFirstError } from "@/lib/client/use-focus-first-error";

/**
 * A form's errors: our own checks before submitting (`check()`, false when a field needs
 * fixing), then the server's 422 beside each field, and the first field in error focused (its
 * text selected with `select`: a wrong one-time code is typed over).
 */
export function useFormChecks(
  form: RefObject<HTMLFormElement | null>,
  serverError: unknown,
  shownFields: readonly string[],
  focus: { select?: boolean } = {},
): { errors: FormErrors; check: (only?: readonly string[]) => boolean } {
  const t = useT();
  const locale = useLocale();
  const [problems, setProblems] = useState<Record<string, string> | null>(null);
  useFocusFirstError(form, serverError, focus);
  useFocusFirstError(form, problems);
  const server = formErrors(serverError, shownFields, locale);
  /** `only`: the fields one of the form's buttons sends (register's passkey button: name and email). */
  function check(only?: readonly string[]): boolean {
    const all = form.current ? fieldProblems(fieldStates(form.current), t) : {};
    const found = only
      ? Object.fromEntries(
          Object.entries(all).filter(([field]) => only.includes(field)),
        )
      : all;
    const isValid = Object.keys(found).length === 0;
    setProblems(isValid ? null : found);
    return isValid;
  }
  return {
    errors: problems ? { fields: problems, general: null } : server,
    check,
  };
}
