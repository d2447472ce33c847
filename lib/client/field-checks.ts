import type { Translate } from "@/lib/client/i18n";

/** What the browser-side checks read of a field: its value and its HTML attributes. */
export type FieldState = {
  name: string;
  value: string;
  type: string;
  required: boolean;
  /** The `minlength` attribute; 0 or less when there is none. */
  minLength: number;
};

/**
 * Our own words for the checks the fields' HTML attributes declare (required, an email's form,
 * minlength) and for a confirmation that differs from its password: the forms use `noValidate`,
 * so these replace the browser's bubbles, in the user's language (decision record 069). The
 * attributes stay the one place the rules are written; the server still checks everything.
 */
export function fieldProblems(
  fields: readonly FieldState[],
  t: Translate,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of fields) {
    if (field.required && field.value.trim() === "")
      problems[field.name] = t("This field is required.");
    else if (
      field.type === "email" &&
      field.value !== "" &&
      !/^[^\s@]+@[^\s@]+$/.test(field.value.trim())
    )
      problems[field.name] = t(
        "Enter an email address, like name@example.com.",
      );
    else if (
      field.minLength > 0 &&
      field.value !== "" &&
      field.value.length < field.minLength
    )
      problems[field.name] = t("Use at least :min characters.", {
        min: field.minLength,
      });
  }
  const password = fields.find((field) => field.name === "password");
  const confirmation = fields.find(
    (field) => field.name === "password_confirmation",
  );
  if (
    password &&
    confirmation &&
    !problems.password_confirmation &&
    confirmation.value !== password.value
  )
    problems.password_confirmation = t("The passwords do not match.");
  return problems;
}

/** The form's named, editable inputs as the checks read them. */
export function fieldStates(form: HTMLFormElement): FieldState[] {
  return Array.from(form.elements).flatMap((element) =>
    element instanceof HTMLInputElement &&
    element.name &&
    !element.readOnly &&
    !element.disabled &&
    element.type !== "hidden"
      ? [
          {
            name: element.name,
            value: element.value,
            // A revealed password is a text input: its rules are the same.
            type: element.type,
            required: element.required,
            minLength: element.minLength,
          },
        ]
      : [],
  );
}
