"use client";

import { type RefObject, useEffect } from "react";

/**
 * After a failed submit, keyboard and screen-reader users land on the first field in error. With
 * `select`, its text is selected too, so the next keystrokes replace it (a wrong one-time code).
 */
export function useFocusFirstError(
  form: RefObject<HTMLFormElement | null>,
  error: unknown,
  { select = false }: { select?: boolean } = {},
): void {
  useEffect(() => {
    if (!error) return;
    const field = form.current?.querySelector<HTMLElement>(
      '[aria-invalid="true"]',
    );
    field?.focus();
    if (select && field instanceof HTMLInputElement) field.select();
  }, [error, form, select]);
}
