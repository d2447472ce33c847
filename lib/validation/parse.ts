import type { core, z } from "zod";
import { type Message, ValidationError } from "@/lib/http/errors";

// Laravel's TrimStrings middleware leaves these alone.
const UNTRIMMED = new Set(["password", "password_confirmation", "old_password", "current_password"]);

/** Laravel's global input middleware: trim strings (not passwords), then empty strings become null. */
export function normalizeInput(input: Record<string, unknown>): Record<string, unknown> {
  const normalized: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (typeof value !== "string") {
      normalized[key] = value;
      continue;
    }
    const text = UNTRIMMED.has(key) ? value : value.trim();
    normalized[key] = text === "" ? null : text;
  }
  return normalized;
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
function toMessage(issue: core.$ZodIssue): Message {
  // Our own rules carry a Laravel-style message key; zod's built-in messages never mention :attribute.
  if (issue.message.includes(":attribute") && issue.code !== "custom") return { key: issue.message };
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined || issue.input === null) return { key: "The :attribute field is required." };
      return { key: TYPE_MESSAGES[issue.expected] ?? "The :attribute field is invalid." };
    case "too_big":
      if (issue.origin === "string") return { key: "The :attribute field must not be greater than :max characters.", replacements: { max: Number(issue.maximum) } };
      if (issue.origin === "array") return { key: "The :attribute field must not have more than :max items.", replacements: { max: Number(issue.maximum) } };
      return { key: "The :attribute field must not be greater than :max.", replacements: { max: Number(issue.maximum) } };
    case "too_small":
      if (issue.origin === "string") return { key: "The :attribute field must be at least :min characters.", replacements: { min: Number(issue.minimum) } };
      if (issue.origin === "array") return { key: "The :attribute field must have at least :min items.", replacements: { min: Number(issue.minimum) } };
      return { key: "The :attribute field must be at least :min.", replacements: { min: Number(issue.minimum) } };
    case "invalid_format":
      if (issue.format === "email") return { key: "The :attribute field must be a valid email address." };
      return { key: "The :attribute field format is invalid." };
    case "invalid_value":
      return { key: "The selected :attribute is invalid." };
    case "custom":
      return { key: issue.message, replacements: (issue.params as Message["replacements"]) ?? {} };
    default:
      return { key: "The :attribute field is invalid." };
  }
}

function fieldName(path: readonly PropertyKey[]): string {
  return path.map(String).join(".");
}

/** Validates normalized input against a schema; a failure is a 422 in Laravel's shape. */
export function parseInput<S extends z.ZodType>(schema: S, input: Record<string, unknown>): z.output<S> {
  const result = schema.safeParse(normalizeInput(input));
  if (result.success) return result.data;
  const errors: Record<string, Message[]> = {};
  for (const issue of result.error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        const field = fieldName([...issue.path, key]);
        (errors[field] ??= []).push({ key: "The :attribute field is prohibited." });
      }
      continue;
    }
    const field = fieldName(issue.path) || "input";
    (errors[field] ??= []).push(toMessage(issue));
  }
  throw new ValidationError(errors);
}
