import { ApiError } from "@/lib/client/api";

export type FormErrors = {
  /** The first message of each field the form shows. */
  fields: Record<string, string>;
  /** What is left for the form's alert: a non-422 failure, or a 422 on a field the form does not show. */
  general: ApiError | null;
};

const NONE: FormErrors = { fields: {}, general: null };

/** Splits a failed submit into messages beside their fields and one for the alert. */
export function formErrors(
  error: unknown,
  shownFields: readonly string[],
): FormErrors {
  if (!error) return NONE;
  if (!(error instanceof ApiError))
    return { fields: {}, general: new ApiError(-1, "") };
  if (error.status !== 422) return { fields: {}, general: error };
  const fields: Record<string, string> = {};
  const unshown: string[] = [];
  for (const [field, messages] of Object.entries(error.errors)) {
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
