import type { core } from "zod";
import { settingDeclaration } from "@/lib/config/auth-settings";
import {
  type DurationUnit,
  durationMessage,
  readableDuration,
} from "@/lib/config/setting-durations";
import type { Message } from "@/lib/http/errors";
import type { Replacements } from "@/lib/i18n/catalog";

type Translate = (key: string, replacements?: Replacements) => string;

// A limiter rule's fields as a person reads them (the limiter control's column headings).
const LIMITER_FIELDS: Record<string, string> = {
  max: "requests",
  minutes: "minutes",
  by: "counted by",
  "valid-only": "valid input only",
};

/** A setting's name in the reader's language: its declared label, or the key itself. */
export function settingLabel(key: string, t: Translate): string {
  const declared = settingDeclaration(key);
  return declared
    ? t(declared.label, { name: declared.name, action: declared.name })
    : key;
}

function durationUnit(key: string, field?: string): DurationUnit | undefined {
  if (field === "minutes") return "minutes";
  const declared = settingDeclaration(key);
  return declared?.control === "duration"
    ? (declared.unit as DurationUnit)
    : undefined;
}

function bound(value: unknown, unit: DurationUnit | undefined, t: Translate) {
  const number = Number(value);
  if (!unit || !Number.isInteger(number)) return String(value);
  const { amount, unit: shown } = readableDuration(number, unit);
  const { key, count } = durationMessage(amount, shown);
  return t(key, { count });
}

/**
 * One schema issue about `key` as a sentence naming the field as the settings page labels it, with
 * the bound in the unit a person reads ("Lockout duration must be at most 1 day."), never the
 * schema's wording ("Too big: expected number to be <=86400").
 */
export function settingIssueMessage(
  key: string,
  issue: core.$ZodIssue,
  t: Translate,
): Message {
  const rest = issue.path.slice(key.split(".").length);
  const field = typeof rest[1] === "string" ? rest[1] : undefined;
  const name = settingLabel(key, t);
  const setting =
    typeof rest[0] === "number" && field
      ? t(":setting, rule :row, :field", {
          setting: name,
          row: rest[0] + 1,
          field: t(LIMITER_FIELDS[field] ?? field),
        })
      : name;
  const unit = durationUnit(key, field);
  switch (issue.code) {
    case "too_big":
      return issue.origin === "array"
        ? {
            key: ":setting has too many entries (at most :max).",
            replacements: { setting, max: String(issue.maximum) },
          }
        : {
            key: ":setting must be at most :max.",
            replacements: { setting, max: bound(issue.maximum, unit, t) },
          };
    case "too_small":
      return issue.origin === "array"
        ? {
            key: ":setting needs at least one entry.",
            replacements: { setting },
          }
        : {
            key: ":setting must be at least :min.",
            replacements: { setting, min: bound(issue.minimum, unit, t) },
          };
    case "invalid_type":
      return {
        key:
          issue.expected === "boolean"
            ? ":setting must be on or off."
            : issue.expected === "array"
              ? ":setting must be a list."
              : issue.expected === "int" || issue.expected === "number"
                ? ":setting must be a whole number."
                : ":setting is not valid.",
        replacements: { setting },
      };
    case "invalid_value":
      return {
        key: ":setting must be one of: :values.",
        replacements: { setting, values: issue.values.map(String).join(", ") },
      };
    default:
      return {
        key: ":setting is not valid: :detail",
        replacements: { setting, detail: issue.message },
      };
  }
}
