import { z } from "zod";
import type { PasswordRules } from "@/lib/config/auth";
import {
  isCommonPassword,
  UNCOMPROMISED_MESSAGE,
} from "@/lib/validation/common-passwords";

/** Fields every web form may carry and the service ignores (contract §4 rule 1). */
export const IGNORED_FIELDS = {
  _token: z.unknown().optional(),
  redirect: z.unknown().optional(),
};

export const email = () => z.string().max(255).pipe(z.email());

/** Laravel's `boolean` rule: true, false, 1, 0, "1", "0" (and "true"/"false"/"on" from HTML forms). */
export const booleanish = () =>
  z
    .union(
      [
        z.boolean(),
        z.literal(0),
        z.literal(1),
        z.enum(["0", "1", "true", "false", "on", "off"]),
      ],
      {
        error: "The :attribute field must be true or false.",
      },
    )
    .transform(
      (value) =>
        value === true ||
        value === 1 ||
        value === "1" ||
        value === "true" ||
        value === "on",
    );

/**
 * A new password under the configured rules; each failed rule has its own message (contract §1).
 * Last, as Laravel's Password rule checks `uncompromised` only once the others pass, the offline
 * list of breached passwords (decision record 089); the Pwned Passwords range API, when
 * `password.uncompromised` is on, is the server's rule beside it (lib/auth/breached-passwords.ts).
 */
export function newPassword(
  rules: Pick<PasswordRules, "length" | "uppercase" | "number">,
) {
  let schema = z.string().min(rules.length).max(255);
  if (rules.uppercase)
    schema = schema.regex(/\p{Lu}/u, {
      error: "The :attribute field must contain at least one uppercase letter.",
    });
  if (rules.number)
    schema = schema.regex(/\p{N}/u, {
      error: "The :attribute field must contain at least one number.",
    });
  return schema.refine((password) => !isCommonPassword(password), {
    error: UNCOMPROMISED_MESSAGE,
    when: (payload) => payload.issues.length === 0,
  });
}

/** The `password_confirmation` field: anything, or absent (then `confirmed` fails on `password`, as in Laravel). */
export const passwordConfirmation = () => z.unknown().optional();

/**
 * Laravel's `confirmed` rule on `password`: `password_confirmation` must equal it. Pass it with
 * `CONFIRMED_WHEN` so it runs whenever `password` itself is valid, and its error is reported
 * together with the other fields' (zod skips object refinements after any field fails).
 */
export function confirmed(
  value: { password?: unknown; password_confirmation?: unknown },
  ctx: z.RefinementCtx,
) {
  if (value.password_confirmation !== value.password) {
    ctx.addIssue({
      code: "custom",
      path: ["password"],
      message: "The :attribute field confirmation does not match.",
    });
  }
}

export const CONFIRMED_WHEN = {
  when: (payload: {
    value: unknown;
    issues: readonly { path?: readonly PropertyKey[] }[];
  }) =>
    typeof (payload.value as { password?: unknown } | null)?.password ===
      "string" &&
    !payload.issues.some((issue) => issue.path?.[0] === "password"),
};

/**
 * The rules of a password form's two fields, for an endpoint bound to its row (decision record
 * 094), with `confirmedPassword` as its rule across fields. `password_confirmation` is typed as
 * the row types it, a string: the object passes only when it equals `password`.
 */
export function newPasswordRules(rules: PasswordRules) {
  return {
    password: newPassword(rules),
    password_confirmation:
      passwordConfirmation() as z.ZodType<unknown> as z.ZodType<string>,
  };
}

/** Laravel's `confirmed` on `password`, on the whole form (see CONFIRMED_WHEN). */
export const confirmedPassword = (schema: z.ZodObject) =>
  schema.superRefine(confirmed, CONFIRMED_WHEN);
