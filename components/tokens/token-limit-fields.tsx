"use client";

import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { useT } from "@/lib/client/i18n";

/** The optional counts of create-token (docs/tokens.md "Personal access tokens"), each a whole number from 1. */
const COUNT_FIELDS = [
  { name: "rate_limit", label: "Requests per minute", hint: "Optional." },
  { name: "quota", label: "Quota (requests)", hint: "Optional." },
  {
    name: "quota_refill",
    label: "Refill (requests)",
    hint: "Added to the quota each interval.",
  },
] as const;

/** The create form's optional limits (decision record 045): idle expiry, rate, quota, addresses. */
export function TokenLimitFields({
  errors,
}: {
  errors: Record<string, string | undefined>;
}) {
  const t = useT();
  const choices = (options: [string, string][]) =>
    options.map(([value, label]) => ({ value, label: t(label) }));
  return (
    <details className="rounded-lg border border-zinc-200 p-4">
      <summary className="cursor-pointer text-sm font-medium text-zinc-800">
        {t("Limits and allowed addresses")}
      </summary>
      <div className="mt-4 grid gap-5 sm:grid-cols-2">
        <SelectField
          label={t("Stops after being unused for")}
          name="idle_expires_in"
          defaultValue=""
          options={choices([
            ["", "Never"],
            ["86400", "1 day"],
            ["604800", "7 days"],
            ["2592000", "30 days"],
          ])}
        />
        {COUNT_FIELDS.map((field) => (
          <TextField
            key={field.name}
            label={t(field.label)}
            name={field.name}
            type="number"
            inputMode="numeric"
            min={1}
            hint={t(field.hint)}
            error={errors[field.name]}
          />
        ))}
        <SelectField
          label={t("Refill interval")}
          name="quota_interval"
          defaultValue=""
          options={choices([
            ["", "No refill"],
            ["3600", "Every hour"],
            ["86400", "Every day"],
            ["2592000", "Every 30 days"],
          ])}
        />
        <TextField
          label={t("Allowed addresses")}
          name="allowed_ips"
          placeholder="203.0.113.0/24, 2001:db8::/32"
          hint={t(
            "IP addresses or CIDR ranges, comma-separated. Empty: anywhere.",
          )}
          error={errors.allowed_ips}
        />
      </div>
    </details>
  );
}
