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
 *
 * `check({ sendIf })` lets a form send what its own checks refused when `sendIf(problems)` says
 * the server knows something they cannot (registration: whether the address is taken); its
 * answer then fills the fields our checks left alone, so every mistake shows at once.
 */
export function useFormChecks(
  form: RefObject<HTMLFormElement | null>,
  serverError: unknown,
  shownFields: readonly string[],
  focus: { select?: boolean } = {},
): {
  errors: FormErrors;
  check: (options?: {
    only?: readonly string[];
    sendIf?: (problems: Record<string, string>) => boolean;
  }) => boolean;
} {
  const t = useT();
  const locale = useLocale();
  const [problems, setProblems] = useState<Record<string, string> | null>(null);
  const [sentAnyway, setSentAnyway] = useState(false);
  useFocusFirstError(form, serverError, focus);
  useFocusFirstError(form, problems);
  const server = formErrors(serverError, shownFields, locale);
  /**
   * `only`: the fields one of the form's buttons sends (register's passkey button: name and
   * email); `sendIf`: see above.
   */
  function check(
    options: {
      only?: readonly string[];
      sendIf?: (problems: Record<string, string>) => boolean;
    } = {},
  ): boolean {
    const all = form.current ? fieldProblems(fieldStates(form.current), t) : {};
    const { only } = options;
    const found = only
      ? Object.fromEntries(
          Object.entries(all).filter(([field]) => only.includes(field)),
        )
      : all;
    const isValid = Object.keys(found).length === 0;
    const send = isValid || (options.sendIf?.(found) ?? false);
    setProblems(isValid ? null : found);
    setSentAnyway(!isValid && send);
    return send;
  }
  return {
    errors: problems
      ? {
          fields: sentAnyway ? { ...server.fields, ...problems } : problems,
          general: null,
        }
      : server,
    check,
  };
}
