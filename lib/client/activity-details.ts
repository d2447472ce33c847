import { readableAddress } from "@/lib/http/readable-address";

/** One property of an activity entry as the log shows it: its key (labelled by the screen) and its value as text. */
export type ActivityDetail = { key: string; value: string };

const isFlatList = (value: unknown): value is unknown[] =>
  Array.isArray(value) &&
  value.every((item) => typeof item !== "object" || item === null);

/** Keys whose value is an address, written as people read it (`127.0.0.1`, not `::ffff:127.0.0.1`). */
const ADDRESS_KEYS = new Set(["ip"]);

/**
 * The properties worth a glance in the log, in their stored order; nested objects stay in the
 * database. A list (a setting such as `admins` changed) reads as one value.
 */
export function activityDetails(
  properties: Record<string, unknown> | null,
): ActivityDetail[] {
  return Object.entries(properties ?? {}).flatMap(([key, value]) => {
    if (value === null || value === undefined) return [];
    if (isFlatList(value)) return [{ key, value: value.join(", ") || "—" }];
    if (typeof value === "object") return [];
    const text = String(value);
    return [
      {
        key,
        value: ADDRESS_KEYS.has(key) ? (readableAddress(text) ?? text) : text,
      },
    ];
  });
}
