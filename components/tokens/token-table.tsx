"use client";

import { DataTable } from "@/components/ui/data-table";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorAlert } from "@/components/ui/error-alert";
import { RollTokenDialog } from "@/components/tokens/roll-token-dialog";
import { TokenUsage } from "@/components/tokens/token-usage";
import type { Token } from "@/lib/client/contract";
import { useFormatDate, useT } from "@/lib/client/i18n";
import { useRevokeToken } from "@/lib/client/use-tokens";

function isExpired(token: Token, now: number): boolean {
  return token.expires_at !== null && Date.parse(token.expires_at) <= now;
}

/** The caller's tokens, each with its own revoke button. */
export function TokenTable({ tokens, now }: { tokens: Token[]; now: number }) {
  const t = useT();
  const formatDate = useFormatDate();
  const revoke = useRevokeToken();
  const [pending, setPending] = useState<Token | null>(null);
  const [rolling, setRolling] = useState<Token | null>(null);
  if (tokens.length === 0)
    return (
      <EmptyState title={t("No tokens yet")}>
        {t("Create one above to use the API from a script.")}
      </EmptyState>
    );
  return (
    <>
      <ErrorAlert error={revoke.error} />
      <DataTable
        label={t("Your tokens")}
        columns={[
          { label: t("Name") },
          { label: t("Abilities") },
          { label: t("Use") },
          { label: t("Expires") },
          { label: t("Actions"), srOnly: true },
        ]}
      >
        {tokens.map((token) => (
          <tr key={token.id}>
            <th
              scope="row"
              className="px-5 py-3 text-left font-medium text-zinc-900 sm:px-6"
            >
              {token.name}
              <span className="block text-xs font-normal text-zinc-500">
                {t("Created :date", { date: formatDate(token.created_at) })}
              </span>
            </th>
            <td className="px-3 py-3">
              <div className="flex flex-wrap gap-1">
                {token.abilities.map((ability) => (
                  <Badge
                    key={ability}
                    tone={ability === "*" ? "indigo" : "gray"}
                  >
                    {ability === "*" ? t("Full access") : ability}
                  </Badge>
                ))}
              </div>
            </td>
            <td className="px-3 py-3 text-zinc-600">
              <TokenUsage token={token} />
            </td>
            <td className="px-3 py-3 whitespace-nowrap text-zinc-600">
              {isExpired(token, now) ? (
                <Badge tone="red">{t("Expired")}</Badge>
              ) : token.replaced_by !== null && token.expires_at ? (
                <Badge tone="amber">
                  {t("Replaced; works until :date", {
                    date: formatDate(token.expires_at),
                  })}
                </Badge>
              ) : token.expires_at ? (
                formatDate(token.expires_at, { dateStyle: "medium" })
              ) : (
                t("Never")
              )}
            </td>
            <td className="px-5 py-3 text-right whitespace-nowrap sm:px-6">
              {token.replaced_by === null && !isExpired(token, now) && (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setRolling(token)}
                  aria-label={t("Roll :name", { name: token.name })}
                >
                  {t("Roll")}
                </Button>
              )}
              <Button
                variant="ghost-danger"
                size="sm"
                onClick={() => setPending(token)}
                aria-label={t("Revoke :name", { name: token.name })}
              >
                {t("Revoke")}
              </Button>
            </td>
          </tr>
        ))}
      </DataTable>
      <RollTokenDialog token={rolling} onClose={() => setRolling(null)} />
      <ConfirmDialog
        open={pending !== null}
        title={t("Revoke this token?")}
        confirmLabel={t("Revoke token")}
        loading={revoke.isPending}
        onClose={() => setPending(null)}
        onConfirm={() =>
          pending &&
          revoke.mutate(pending.id, { onSuccess: () => setPending(null) })
        }
      >
        {t("Anything using “:name” will stop working at once.", {
          name: pending?.name ?? "",
        })}
      </ConfirmDialog>
    </>
  );
}
