"use client";

import { type RefObject, useEffect } from "react";

/** After a failed submit, keyboard and screen-reader users land on the first field in error. */
export function useFocusFirstError(
  form: RefObject<HTMLFormElement | null>,
  error: unknown,
): void {
  useEffect(() => {
    if (!error) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [error, form]);
}
