"use client";

import type { ReactNode } from "react";
import type { Token } from "@/lib/client/contract";
import { useFormatDate, useT } from "@/lib/client/i18n";

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-zinc-500">{term}</dt>
      <dd className="mt-0.5 text-sm break-words text-zinc-800">{children}</dd>
    </div>
  );
}

const IDLE_LABELS: Record<number, string> = {
  86400: "1 day",
  604800: "7 days",
  2592000: "30 days",
};

/**
 * A token's use and limits as the tokens list reports them (decision record 045): last use with
 * its address and user agent, requests in 24 hours and 30 days, limits, allowed addresses.
 */
export function TokenUsage({ token }: { token: Token }) {
  const t = useT();
  const formatDate = useFormatDate();
  const idle = token.idle_expires_in;
  const limits = [
    token.rate_limit !== null &&
      t(":count a minute", { count: token.rate_limit }),
    token.quota !== null &&
      t(":left of :quota left", {
        left: token.quota_remaining ?? token.quota,
        quota: token.quota,
      }),
    idle !== null &&
      t("stops after :time unused", {
        time: IDLE_LABELS[idle]
          ? t(IDLE_LABELS[idle])
          : t(":count seconds", { count: idle }),
      }),
  ].filter(Boolean);
  return (
    <dl className="grid gap-x-6 gap-y-3 rounded-lg bg-zinc-50 p-3 sm:grid-cols-2 lg:grid-cols-4">
      <Fact term={t("Last used")}>
        {token.last_used_at ? formatDate(token.last_used_at) : t("Never")}
        {token.last_used_ip && (
          <span className="block text-xs text-zinc-600">
            {t("from :ip", { ip: token.last_used_ip })}
          </span>
        )}
        {token.last_used_user_agent && (
          <span
            className="block truncate text-xs text-zinc-600"
            title={token.last_used_user_agent}
          >
            {token.last_used_user_agent}
          </span>
        )}
      </Fact>
      <Fact term={t("Requests")}>
        {t(":day in 24 h · :month in 30 days", {
          day: token.requests_24h,
          month: token.requests_30d,
        })}
      </Fact>
      <Fact term={t("Limits")}>
        {limits.length > 0 ? limits.join(" · ") : t("None")}
      </Fact>
      <Fact term={t("Allowed addresses")}>
        {token.allowed_ips?.join(", ") ?? t("Anywhere")}
      </Fact>
    </dl>
  );
}
