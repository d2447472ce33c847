import { z } from "zod";
import "@/lib/config/zod-in-the-browser";
import { authConfigSchema } from "@/lib/config/auth";

/** The schema of one dotted key of the auth configuration (a record's name or an array's index passes through). */
export function settingSchema(path: readonly (string | number)[]) {
  let node: z.ZodType | undefined = authConfigSchema;
  for (const part of path) {
    if (node instanceof z.ZodObject) node = node.shape[String(part)];
    else if (node instanceof z.ZodRecord) node = node.valueType as z.ZodType;
    else if (node instanceof z.ZodArray) node = node.element as z.ZodType;
    else return undefined;
  }
  if (node instanceof z.ZodOptional || node instanceof z.ZodNullable)
    return node.unwrap() as z.ZodType;
  return node;
}

/** A number's bounds as the schema declares them (the editor's min and max, the messages' bound). */
export function settingBounds(path: readonly (string | number)[]): {
  min?: number;
  max?: number;
} {
  const node = settingSchema(path);
  if (!(node instanceof z.ZodNumber)) return {};
  const bound = (value: number | null) =>
    value === null || !Number.isFinite(value) ? undefined : value;
  return { min: bound(node.minValue), max: bound(node.maxValue) };
}

/** The values an enum allows, in the schema's order; empty for anything else. */
export function settingChoices(path: readonly (string | number)[]): string[] {
  const node = settingSchema(path);
  return node instanceof z.ZodEnum ? (node.options as string[]) : [];
}
