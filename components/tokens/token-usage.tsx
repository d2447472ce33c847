"use client";

import type { Token } from "@/lib/client/contract";
import { useFormatDate, useT } from "@/lib/client/i18n";

/** A token's use and limits as the tokens list reports them (decision record 045). */
export function TokenUsage({ token }: { token: Token }) {
  const t = useT();
  const formatDate = useFormatDate();
  const limits = [
    token.rate_limit !== null &&
      t(":count a minute", { count: token.rate_limit }),
    token.quota !== null &&
      t(":left of :quota left", {
        left: token.quota_remaining ?? token.quota,
        quota: token.quota,
      }),
    token.allowed_ips !== null && token.allowed_ips.join(", "),
  ].filter(Boolean);
  return (
    <div className="space-y-0.5 text-xs">
      <p className="text-sm whitespace-nowrap">
        {token.last_used_at ? formatDate(token.last_used_at) : t("Never")}
      </p>
      {token.last_used_ip && (
        <p title={token.last_used_user_agent ?? undefined}>
          {t("from :ip", { ip: token.last_used_ip })}
        </p>
      )}
      <p>
        {t(":day in 24 h · :month in 30 days", {
          day: token.requests_24h,
          month: token.requests_30d,
        })}
      </p>
      {limits.length > 0 && <p>{limits.join(" · ")}</p>}
    </div>
  );
}
