import { ConfigError } from "@/lib/config/errors";

const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

export function isPlainObject(
  value: unknown,
): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Merges `override` over `base`: objects key by key, everything else (arrays included) replaced.
 * Keys that could reach an object's prototype are dropped.
 */
export function deepMerge<T>(base: T, override: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(override))
    return (override === undefined ? base : override) as T;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    if (FORBIDDEN_KEYS.has(key)) continue;
    merged[key] = key in merged ? deepMerge(merged[key], value) : value;
  }
  return merged as T;
}

/** Parses a JSON configuration variable that must hold an object. Throws a ConfigError naming the variable. */
export function parseJsonObject(
  name: string,
  text: string | undefined,
): Record<string, unknown> {
  if (text === undefined || text.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(name, `malformed JSON (${(error as Error).message})`);
  }
  if (!isPlainObject(value))
    throw new ConfigError(name, "must be a JSON object");
  return value;
}
