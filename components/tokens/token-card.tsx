"use client";

import { type ReactNode, useId } from "react";
import { Badge } from "@/components/ui/badge";
import { TokenUsage } from "@/components/tokens/token-usage";
import type { Token } from "@/lib/client/contract";
import { useFormatDate, useT } from "@/lib/client/i18n";

export function isExpired(token: Token, now: number): boolean {
  return token.expires_at !== null && Date.parse(token.expires_at) <= now;
}

function ExpiryBadge({ token, now }: { token: Token; now: number }) {
  const t = useT();
  const formatDate = useFormatDate();
  if (isExpired(token, now)) return <Badge tone="red">{t("Expired")}</Badge>;
  if (token.expires_at === null)
    return <Badge tone="gray">{t("No expiry")}</Badge>;
  if (token.replaced_by !== null)
    return (
      <Badge tone="amber">
        {t("Replaced; works until :date", {
          date: formatDate(token.expires_at),
        })}
      </Badge>
    );
  return (
    <Badge tone="gray">
      {t("Expires :date", {
        date: formatDate(token.expires_at, { dateStyle: "medium" }),
      })}
    </Badge>
  );
}

/**
 * One token as a card, the same on a phone and a desktop: its name, expiry and abilities, then its
 * use and limits; `actions` (roll, revoke) sit beside the name and wrap under it on narrow screens,
 * so they are always in reach.
 */
export function TokenCard({
  token,
  now,
  actions,
}: {
  token: Token;
  now: number;
  actions?: ReactNode;
}) {
  const t = useT();
  const formatDate = useFormatDate();
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3
              id={headingId}
              className="text-sm font-semibold break-words text-zinc-900"
            >
              {token.name}
            </h3>
            <ExpiryBadge token={token} now={now} />
          </div>
          <p className="text-xs text-zinc-500">
            {t("Created :date", { date: formatDate(token.created_at) })}
          </p>
        </div>
        {actions && <div className="flex shrink-0 gap-2">{actions}</div>}
      </div>
      <ul
        aria-label={t("Abilities")}
        className="flex flex-wrap gap-1"
        role="list"
      >
        {token.abilities.map((ability) => (
          <li key={ability}>
            <Badge tone={ability === "*" ? "indigo" : "gray"}>
              {ability === "*" ? t("Full access") : ability}
            </Badge>
          </li>
        ))}
      </ul>
      <TokenUsage token={token} />
    </article>
  );
}
