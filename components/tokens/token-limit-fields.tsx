"use client";

import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { useT } from "@/lib/client/i18n";

/** The create form's optional limits (decision record 045): idle expiry, rate, quota, addresses. */
export function TokenLimitFields({
  errors,
}: {
  errors: Record<string, string | undefined>;
}) {
  const t = useT();
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
          options={[
            { value: "", label: t("Never") },
            { value: "86400", label: t("1 day") },
            { value: "604800", label: t("7 days") },
            { value: "2592000", label: t("30 days") },
          ]}
        />
        <TextField
          label={t("Requests per minute")}
          name="rate_limit"
          type="number"
          min={1}
          hint={t("Optional.")}
          error={errors.rate_limit}
        />
        <TextField
          label={t("Quota (requests)")}
          name="quota"
          type="number"
          min={1}
          hint={t("Optional.")}
          error={errors.quota}
        />
        <TextField
          label={t("Refill (requests)")}
          name="quota_refill"
          type="number"
          min={1}
          hint={t("Added to the quota each interval.")}
          error={errors.quota_refill}
        />
        <SelectField
          label={t("Refill interval")}
          name="quota_interval"
          defaultValue=""
          options={[
            { value: "", label: t("No refill") },
            { value: "3600", label: t("Every hour") },
            { value: "86400", label: t("Every day") },
            { value: "2592000", label: t("Every 30 days") },
          ]}
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
