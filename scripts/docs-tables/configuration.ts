import { z } from "zod";
import { authConfigSchema } from "@/lib/config/auth";
import { AUTH_DEFAULTS } from "@/lib/config/auth-defaults";
import { code, markdownTable } from "./markers";

// docs/configuration.md "Every key": each leaf of AUTH_DEFAULTS with the bounds its schema sets.
// The per-action maps under `routes` are the route table's columns (docs/api.md), so they are
// one row each here.
const PER_ACTION = [
  "routes.uris",
  "routes.names",
  "routes.middlewares",
  "routes.redirects",
];

type Leaf = { key: string; value: unknown; schema: z.ZodType | undefined };

function shapeOf(
  schema: z.ZodType | undefined,
): Record<string, z.ZodType> | undefined {
  return schema instanceof z.ZodObject
    ? (schema.shape as Record<string, z.ZodType>)
    : undefined;
}

function leaves(
  value: unknown,
  schema: z.ZodType | undefined,
  prefix: string,
): Leaf[] {
  const isObject =
    typeof value === "object" && value !== null && !Array.isArray(value);
  if (!isObject || PER_ACTION.includes(prefix) || prefix === "limiters")
    return [{ key: prefix, value, schema }];
  return Object.entries(value).flatMap(([key, child]) =>
    leaves(child, shapeOf(schema)?.[key], prefix ? `${prefix}.${key}` : key),
  );
}

function unwrapped(schema: z.ZodType | undefined): z.ZodType | undefined {
  let current = schema;
  while (current instanceof z.ZodNullable || current instanceof z.ZodOptional)
    current = current.unwrap() as z.ZodType;
  return current;
}

/** What the schema accepts, in a few words: a number's bounds, an enum's values. */
function accepted(schema: z.ZodType | undefined): string {
  const inner = unwrapped(schema);
  const kind = kindOf(inner);
  return schema instanceof z.ZodNullable ? `${kind}, or null` : kind;
}

function kindOf(inner: z.ZodType | undefined): string {
  if (inner instanceof z.ZodNumber) {
    const { minValue: min, maxValue: max } = inner;
    const bound = (n: number | null) =>
      n === null || !Number.isFinite(n) ? "" : String(n);
    return min !== null && max !== null
      ? `${bound(min)}–${bound(max)}`
      : "number";
  }
  if (inner instanceof z.ZodEnum)
    return inner.options.map((o) => code(String(o))).join(", ");
  if (inner instanceof z.ZodBoolean) return "true, false";
  if (inner instanceof z.ZodString) return "text";
  if (inner instanceof z.ZodArray) return "list";
  return "";
}

function shown(key: string, value: unknown): string {
  if (PER_ACTION.includes(key)) return "one per action: the route table";
  if (key === "limiters") return "see Limits";
  return code(JSON.stringify(value));
}

export function configurationTable(): string {
  return markdownTable(
    ["key", "default", "accepts"],
    leaves(AUTH_DEFAULTS, authConfigSchema, "").map(
      ({ key, value, schema }) => [
        code(key),
        shown(key, value),
        PER_ACTION.includes(key) || key === "limiters" ? "" : accepted(schema),
      ],
    ),
  );
}
