import { z } from "zod";

/**
 * Laravel's `numeric` for a user id: a positive integer, or a string of digits from a form.
 * `invalidKey` is the message for anything else; a missing value is "required".
 */
export function userIdRule(invalidKey: string) {
  return z.union(
    [
      z.int().positive().max(Number.MAX_SAFE_INTEGER),
      z
        .string()
        .regex(/^\d{1,15}$/)
        .transform(Number),
    ],
    {
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? "The :attribute field is required."
          : invalidKey,
    },
  );
}
