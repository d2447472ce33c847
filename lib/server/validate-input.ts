import "server-only";
import { z } from "zod";
import type { Context } from "@/lib/server/context";
import type { Endpoint } from "@/lib/server/endpoint";
import { type Message, ValidationError } from "@/lib/http/errors";
import type { Input } from "@/lib/http/request";
import { normalizeInput, parseInput } from "@/lib/validation/parse";
import { IGNORED_FIELDS } from "@/lib/validation/rules";

const EMPTY_INPUT = z.strictObject({ ...IGNORED_FIELDS });

type Errors = Record<string, Message[]>;

/** The fields in the schema's order (Laravel reports errors in the order of its rules), when it is an object. */
function fieldOrder(schema: z.ZodType): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

/** A field's messages; own keys only, as a field may be named `__proto__` (test/faults/bad-input.test.ts). */
const messagesOf = (errors: Errors, field: string): Message[] =>
  Object.hasOwn(errors, field) ? (errors[field] ?? []) : [];

/** Both lists of errors, each field's messages together, fields in the schema's order. */
function mergeErrors(a: Errors, b: Errors, order: string[]): Errors {
  const merged: Errors = Object.create(null);
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  const rank = (field: string) => {
    const index = order.indexOf(field.split(".")[0] ?? field);
    return index < 0 ? order.length : index;
  };
  fields.sort((x, y) => rank(x) - rank(y));
  for (const field of fields)
    merged[field] = [...messagesOf(a, field), ...messagesOf(b, field)];
  return merged;
}

/**
 * The endpoint's input, validated as Laravel's validator does: the schema's rules and the
 * endpoint's rules that read the database (`dataRules`: unique, exists) all run, so one 422 names
 * every field's problems at once (decision record 069). Then the work the middleware deferred
 * until the input passed (`ctx.afterValidation`: a limiter rule that counts only valid requests).
 */
export async function validateInput(
  ctx: Context,
  endpoint: Endpoint,
): Promise<unknown> {
  const schema = endpoint.input ? endpoint.input(ctx.config, ctx) : EMPTY_INPUT;
  const raw = { ...(await ctx.input()) } as Input;
  let input: unknown;
  let errors: Errors = Object.create(null);
  try {
    input = parseInput(schema, raw);
  } catch (error) {
    if (!(error instanceof ValidationError) || !endpoint.dataRules) throw error;
    errors = error.errors;
  }
  if (endpoint.dataRules) {
    const more = await endpoint.dataRules(ctx, normalizeInput(raw));
    errors = mergeErrors(errors, more, fieldOrder(schema));
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  for (const step of ctx.afterValidation) await step();
  return input;
}
