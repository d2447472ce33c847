import { ApiError } from "@/lib/client/api";
import type { Locale } from "@/lib/client/frontend-settings";
import { attributeName, translate } from "@/lib/i18n/catalog";

export type FormErrors = {
  /** The first message of each field the form shows. */
  fields: Record<string, string>;
  /** What is left for the form's alert: a non-422 failure, or a 422 on a field the form does not show. */
  general: ApiError | null;
};

const NONE: FormErrors = { fields: {}, general: null };

/** Laravel's `confirmed` failure as the server words it in `locale` (its attribute translated too). */
function isConfirmationMismatch(message: string, locale: Locale): boolean {
  return [locale, "en" as const].some(
    (language) =>
      message ===
      translate(language, "The :attribute field confirmation does not match.", {
        attribute: attributeName(language, "password"),
      }),
  );
}

/** Whether a field's message is Laravel's `unique` failure on `email`, as the server words it in `locale`. */
export function isTakenEmail(
  message: string | undefined,
  locale: Locale,
): boolean {
  return (
    message !== undefined &&
    [locale, "en" as const].some(
      (language) =>
        message ===
        translate(language, "The :attribute has already been taken.", {
          attribute: attributeName(language, "email"),
        }),
    )
  );
}

/**
 * Splits a failed submit into messages beside their fields and one for the alert. A form that
 * shows `password_confirmation` gets the contract's mismatch on `password` beside the
 * confirmation, in our own words (decision record 069).
 */
export function formErrors(
  error: unknown,
  shownFields: readonly string[],
  locale: Locale = "en",
): FormErrors {
  if (!error) return NONE;
  if (!(error instanceof ApiError))
    return { fields: {}, general: new ApiError(-1, "") };
  if (error.status !== 422) return { fields: {}, general: error };
  const fields: Record<string, string> = {};
  const unshown: string[] = [];
  const hasConfirmation = shownFields.includes("password_confirmation");
  for (const [field, all] of Object.entries(error.errors)) {
    const messages =
      hasConfirmation && field === "password"
        ? all.filter((message) => !isConfirmationMismatch(message, locale))
        : all;
    if (messages.length < all.length)
      fields.password_confirmation = translate(
        locale,
        "The passwords do not match.",
      );
    const first = messages[0];
    if (!first) continue;
    if (shownFields.includes(field)) fields[field] = first;
    else unshown.push(first);
  }
  const general =
    unshown.length > 0 || Object.keys(fields).length === 0
      ? new ApiError(422, unshown[0] ?? error.message)
      : null;
  return { fields, general };
}
