import type { SettingControl, SettingUnit } from "@/lib/config/auth-settings";
import {
  durationIn,
  type DurationUnit,
  readableDuration,
} from "@/lib/config/setting-durations";

/** An editor's draft: a switch's state, or the text its inputs hold. */
export type SettingDraft = boolean | string;

/** A limiter rule as its row of inputs holds it. */
export type LimiterRule = {
  by: "ip" | "email" | "user";
  max: number | string;
  minutes: number | string;
  "valid-only"?: boolean;
};

/** A value as the text of its editor: a list has one item per line. */
export function settingText(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join("\n");
  if (value === null || value === undefined) return "";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** The draft of a value nobody has touched: a duration as "2 hours", limiter rules as JSON. */
export function draftOf(
  value: unknown,
  control: SettingControl,
  unit?: SettingUnit,
): SettingDraft {
  if (control === "toggle") return value === true;
  if (control === "duration" && typeof value === "number") {
    const shown = readableDuration(value, unit as DurationUnit);
    return `${shown.amount} ${shown.unit}`;
  }
  if (control === "limiter") return JSON.stringify(value);
  return settingText(value);
}

function numberOrText(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : trimmed;
}

/**
 * The value a draft stands for. Nothing is checked here: the server validates with the start-up
 * schema and its 422 names the field and the bound, so text that is not a number goes as it is.
 */
export function valueOfDraft(
  draft: SettingDraft,
  control: SettingControl,
  unit?: SettingUnit,
): unknown {
  if (typeof draft === "boolean") return draft;
  switch (control) {
    case "number":
      return numberOrText(draft);
    case "duration": {
      const [amount = "", shown = unit] = draft.trim().split(/\s+/);
      const number = numberOrText(amount);
      return typeof number === "number"
        ? durationIn(number, shown as DurationUnit, unit as DurationUnit)
        : number;
    }
    case "list":
      return draft
        .split(/[\n,]/)
        .map((item) => item.trim())
        .filter(Boolean);
    case "limiter":
      return (JSON.parse(draft) as LimiterRule[]).map((rule) => ({
        ...rule,
        max: numberOrText(String(rule.max)),
        minutes: numberOrText(String(rule.minutes)),
      }));
    default:
      return draft.trim();
  }
}

/** Whether two JSON values are the same (a draft equal to the saved value needs no saving). */
export function isSameSetting(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
