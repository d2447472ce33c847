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

/** A message as the server words it in `language`, its `:attribute` the field's name there. */
const asServerSays = (language: Locale, message: string, field: string) =>
  translate(language, message, { attribute: attributeName(language, field) });

const TAKEN_EMAIL = "An account with this email address already exists.";

/**
 * Laravel's messages that read badly beside a field, and ours in their place (decision records
 * 069 and 078): the 422's shape, keys and wording stay the contract's; only what the screen
 * shows changes. Matched as the server words them in the user's language or in English.
 */
const OUR_WORDS: readonly {
  fields: readonly string[];
  laravel: string;
  ours: string;
}[] = [
  {
    fields: ["email"],
    laravel: "The :attribute has already been taken.",
    ours: TAKEN_EMAIL,
  },
  {
    fields: ["email"],
    laravel: "The :attribute field must be a valid email address.",
    ours: "Enter an email address, like name@example.com.",
  },
  {
    fields: ["name", "email"],
    laravel: "The :attribute field is required.",
    ours: "This field is required.",
  },
];

function inOurWords(field: string, message: string, locale: Locale): string {
  for (const words of OUR_WORDS)
    if (
      words.fields.includes(field) &&
      [locale, "en" as const].some(
        (language) => message === asServerSays(language, words.laravel, field),
      )
    )
      return translate(locale, words.ours);
  return message;
}

/** Laravel's `confirmed` failure as the server words it in `locale` (its attribute translated too). */
const isConfirmationMismatch = (message: string, locale: Locale) =>
  [locale, "en" as const].some(
    (language) =>
      message ===
      asServerSays(
        language,
        "The :attribute field confirmation does not match.",
        "password",
      ),
  );

/** Whether a field's message (as formErrors shows it) says the address already has an account. */
export const isTakenEmail = (message: string | undefined, locale: Locale) =>
  message === translate(locale, TAKEN_EMAIL);

/**
 * Splits a failed submit into messages beside their fields and one for the alert, in our words
 * where Laravel's read badly. A form that shows `password_confirmation` gets the contract's
 * mismatch on `password` beside the confirmation (decision record 069).
 */
export function formErrors(
  error: unknown,
  shownFields: readonly string[],
  locale: Locale,
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
    const first = messages[0] && inOurWords(field, messages[0], locale);
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
