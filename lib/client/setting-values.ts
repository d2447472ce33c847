/** The editor a setting gets, from the type of its current value. */
export type SettingKind = "boolean" | "number" | "list" | "text" | "other";

export function settingKind(value: unknown): SettingKind {
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "number") return "number";
  if (typeof value === "string") return "text";
  if (Array.isArray(value) && value.every((item) => typeof item === "string"))
    return "list";
  return "other";
}

/** A value as the text of its editor: a list has one item per line. */
export function settingText(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join("\n");
  if (value === null || value === undefined) return "";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/**
 * The value an editor's text stands for. Nothing is checked here: the server validates with the
 * start-up schema and its 422 names what is wrong, so text that is not a number goes as it is.
 */
export function parseSettingText(text: string, kind: SettingKind): unknown {
  const trimmed = text.trim();
  if (kind === "number") {
    if (trimmed === "") return null;
    const number = Number(trimmed);
    return Number.isFinite(number) ? number : trimmed;
  }
  if (kind === "list") {
    return text
      .split(/[\n,]/)
      .map((item) => item.trim())
      .filter(Boolean);
  }
  return trimmed;
}

/** Whether two JSON values are the same (a draft equal to the saved value needs no saving). */
export function isSameSetting(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
