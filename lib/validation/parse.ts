import type { core, z } from "zod";
import { type Message, ValidationError } from "@/lib/http/errors";

// Laravel's TrimStrings middleware leaves these alone.
const UNTRIMMED = new Set([
  "password",
  "password_confirmation",
  "old_password",
  "current_password",
]);

/** Laravel's global input middleware: trim strings (not passwords), then empty strings become null. */
export function normalizeInput(
  input: Record<string, unknown>,
): Record<string, unknown> {
  const normalized: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const text =
      typeof value === "string"
        ? UNTRIMMED.has(key)
          ? value
          : value.trim()
        : value;
    // Defined, not assigned: a `__proto__` key stays an ordinary (and so prohibited) field instead
    // of becoming the object's prototype, through which zod would read smuggled fields.
    Object.defineProperty(normalized, key, {
      value: text === "" ? null : text,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return normalized;
}

/** The submitted value at an issue's path (zod 4 issues do not carry their input). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const key of path) {
    if (
      typeof current !== "object" ||
      current === null ||
      !Object.hasOwn(current, key)
    )
      return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

const TYPE_MESSAGES: Record<string, string> = {
  string: "The :attribute field must be a string.",
  boolean: "The :attribute field must be true or false.",
  array: "The :attribute field must be an array.",
  number: "The :attribute field must be a number.",
  int: "The :attribute field must be an integer.",
  object: "The :attribute field must be an object.",
  date: "The :attribute field must be a valid date.",
};

/** Maps one zod issue to Laravel's message for the rule that failed. */
function toMessage(
  issue: core.$ZodIssue,
  input: Record<string, unknown>,
): Message {
  // An absent field is "required", whatever type the rule wanted (custom messages included).
  const value = valueAt(input, issue.path);
  const isMissing = value === undefined || value === null;
  if (
    isMissing &&
    (issue.code === "invalid_type" || issue.code === "invalid_union")
  )
    return { key: "The :attribute field is required." };
  // Our own rules carry a Laravel-style message key; zod's built-in messages never mention :attribute.
  if (issue.message.includes(":attribute") && issue.code !== "custom")
    return { key: issue.message };
  switch (issue.code) {
    case "invalid_type":
      return {
        key:
          TYPE_MESSAGES[issue.expected] ?? "The :attribute field is invalid.",
      };
    case "too_big":
      if (issue.origin === "string")
        return {
          key: "The :attribute field must not be greater than :max characters.",
          replacements: { max: Number(issue.maximum) },
        };
      if (issue.origin === "array")
        return {
          key: "The :attribute field must not have more than :max items.",
          replacements: { max: Number(issue.maximum) },
        };
      return {
        key: "The :attribute field must not be greater than :max.",
        replacements: { max: Number(issue.maximum) },
      };
    case "too_small":
      if (issue.origin === "string")
        return {
          key: "The :attribute field must be at least :min characters.",
          replacements: { min: Number(issue.minimum) },
        };
      if (issue.origin === "array")
        return {
          key: "The :attribute field must have at least :min items.",
          replacements: { min: Number(issue.minimum) },
        };
      return {
        key: "The :attribute field must be at least :min.",
        replacements: { min: Number(issue.minimum) },
      };
    case "invalid_format":
      if (issue.format === "email")
        return { key: "The :attribute field must be a valid email address." };
      return { key: "The :attribute field format is invalid." };
    case "invalid_value":
      return { key: "The selected :attribute is invalid." };
    case "custom":
      return {
        key: issue.message,
        replacements: (issue.params as Message["replacements"]) ?? {},
      };
    default:
      return { key: "The :attribute field is invalid." };
  }
}

function fieldName(path: readonly PropertyKey[]): string {
  return path.map(String).join(".");
}

/** Validates normalized input against a schema; a failure is a 422 in Laravel's shape. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: Record<string, unknown>,
): z.output<S> {
  const normalized = normalizeInput(input);
  const result = schema.safeParse(normalized);
  if (result.success) return result.data;
  // No prototype: a field named `__proto__` is a key like any other.
  const errors: Record<string, Message[]> = Object.create(null);
  for (const issue of result.error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        const field = fieldName([...issue.path, key]);
        (errors[field] ??= []).push({
          key: "The :attribute field is prohibited.",
        });
      }
      continue;
    }
    const field = fieldName(issue.path) || "input";
    (errors[field] ??= []).push(toMessage(issue, normalized));
  }
  throw new ValidationError(errors);
}
