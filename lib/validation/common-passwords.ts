import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * The offline half of Laravel's `Password::uncompromised()` (decision record 089): the 49,233
 * most common passwords of breach corpora, as @zxcvbn-ts/language-common ships them (its
 * `dictionary["passwords-common"]`, lower case). Built into a set on first use, so a process that
 * never sets a password never pays for it.
 */
let common: Set<string> | null = null;

/** Whether the password, in lower case (the list's case: "Password1" is as guessable), is on the list. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"]);
  return common.has(password.toLowerCase());
}

/** Laravel's message for `Password::uncompromised()` (validation.password.uncompromised). */
export const UNCOMPROMISED_MESSAGE =
  "The given :attribute has appeared in a data leak. Please choose a different :attribute.";
