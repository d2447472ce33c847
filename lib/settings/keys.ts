import { isPlainObject } from "@/lib/config/merge";

/** Flattens a configuration object to `dotted.key → value` leaves (arrays are leaves). */
export function flatten(value: unknown, prefix = ""): Record<string, unknown> {
  if (!isPlainObject(value)) return prefix ? { [prefix]: value } : {};
  const leaves: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value))
    Object.assign(leaves, flatten(child, prefix ? `${prefix}.${key}` : key));
  return leaves;
}

/** Builds the nested object of `dotted.key → value` pairs. */
export function unflatten(
  leaves: Record<string, unknown>,
): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(leaves)) {
    const parts = path.split(".");
    let node = root;
    for (const part of parts.slice(0, -1)) {
      if (!isPlainObject(node[part])) node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts.at(-1) ?? path] = value;
  }
  return root;
}

/** Whether `key` falls under one of the editable keys or prefixes. */
export function isEditable(key: string, editable: readonly string[]): boolean {
  return editable.some(
    (allowed) => key === allowed || key.startsWith(`${allowed}.`),
  );
}
