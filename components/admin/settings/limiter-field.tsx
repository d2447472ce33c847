"use client";

import { Button } from "@/components/ui/button";
import { INPUT_CLASSES } from "@/components/ui/text-field";
import { useT } from "@/lib/client/i18n";
import type { LimiterRule } from "@/lib/client/setting-values";

const BY: LimiterRule["by"][] = ["ip", "email", "user"];
const BY_LABELS: Record<LimiterRule["by"], string> = {
  ip: "per address",
  email: "per email",
  user: "per user",
};

/** A limiter as rows that read "at most [20] requests in [1] minutes [per address]", one per rule. */
export function LimiterField({
  id,
  draft,
  onDraft,
  described,
  disabled,
}: {
  id: string;
  draft: string;
  onDraft: (draft: string) => void;
  described: Record<string, unknown>;
  disabled?: boolean;
}) {
  const t = useT();
  const rules = JSON.parse(draft) as LimiterRule[];
  const change = (index: number, patch: Partial<LimiterRule>) =>
    onDraft(
      JSON.stringify(
        rules.map((rule, at) => (at === index ? { ...rule, ...patch } : rule)),
      ),
    );
  const remove = (index: number) =>
    onDraft(JSON.stringify(rules.filter((_, at) => at !== index)));
  const add = () =>
    onDraft(JSON.stringify([...rules, { by: "ip", max: 10, minutes: 1 }]));
  const small = `${INPUT_CLASSES} w-20`;
  return (
    <div role="group" aria-labelledby={`${id}-label`} {...described}>
      <ul className="space-y-3">
        {rules.map((rule, index) => {
          const row = { row: index + 1 };
          return (
            <li
              key={index}
              // On a phone a rule wraps over several lines: a light frame keeps each rule together.
              className="flex flex-wrap items-center gap-x-2 gap-y-2 rounded-lg p-3 text-sm text-zinc-700 ring-1 ring-zinc-200 sm:p-0 sm:ring-0"
            >
              <span>{t("At most")}</span>
              <input
                id={index === 0 ? id : undefined}
                type="number"
                inputMode="numeric"
                min={1}
                aria-label={t("Requests, rule :row", row)}
                value={rule.max}
                onChange={(event) => change(index, { max: event.target.value })}
                disabled={disabled}
                className={small}
              />
              <span>{t("requests in")}</span>
              <input
                type="number"
                inputMode="numeric"
                min={1}
                aria-label={t("Minutes, rule :row", row)}
                value={rule.minutes}
                onChange={(event) =>
                  change(index, { minutes: event.target.value })
                }
                disabled={disabled}
                className={small}
              />
              <span>{t("minutes")}</span>
              <select
                aria-label={t("Counted by, rule :row", row)}
                value={rule.by}
                onChange={(event) =>
                  change(index, {
                    by: event.target.value as LimiterRule["by"],
                  })
                }
                disabled={disabled}
                className={`${INPUT_CLASSES} w-auto pr-8`}
              >
                {BY.map((by) => (
                  <option key={by} value={by}>
                    {t(BY_LABELS[by])}
                  </option>
                ))}
              </select>
              <Button
                variant="secondary"
                size="sm"
                disabled={disabled || rules.length === 1}
                onClick={() => remove(index)}
                aria-label={t("Remove rule :row", row)}
              >
                {t("Remove")}
              </Button>
            </li>
          );
        })}
      </ul>
      <Button
        variant="ghost-accent"
        size="sm"
        className="mt-2"
        disabled={disabled}
        onClick={add}
      >
        {t("Add a rule")}
      </Button>
    </div>
  );
}
