"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorAlert } from "@/components/ui/error-alert";
import { RollTokenDialog } from "@/components/tokens/roll-token-dialog";
import { isExpired, TokenCard } from "@/components/tokens/token-card";
import type { Token } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";
import { useRouteMutation } from "@/lib/client/route-query";
import { useRouteAllowed } from "@/lib/client/use-route-allowed";

/** The caller's tokens as cards (no sideways scrolling on a phone), each with roll and revoke. */
export function TokenList({ tokens, now }: { tokens: Token[]; now: number }) {
  const t = useT();
  const revoke = useRouteMutation("revoke-token", {
    toast: "The token has been revoked.",
  });
  const [pending, setPending] = useState<Token | null>(null);
  const [rolling, setRolling] = useState<Token | null>(null);
  const allowed = useRouteAllowed();
  if (tokens.length === 0)
    return (
      <EmptyState title={t("No tokens yet")}>
        {t("Create one above to use the API from a script.")}
      </EmptyState>
    );
  return (
    <>
      <ErrorAlert error={revoke.error} />
      <ul aria-label={t("Your tokens")} className="divide-y divide-zinc-100">
        {tokens.map((token) => (
          <li key={token.id} className="py-5 first:pt-0 last:pb-0">
            <TokenCard
              token={token}
              now={now}
              actions={
                <>
                  {allowed("roll-token") &&
                    token.replaced_by === null &&
                    !isExpired(token, now) && (
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => setRolling(token)}
                        aria-label={t("Roll :name", { name: token.name })}
                      >
                        {t("Roll")}
                      </Button>
                    )}
                  {allowed("revoke-token") && (
                    <Button
                      variant="secondary-danger"
                      size="sm"
                      onClick={() => setPending(token)}
                      aria-label={t("Revoke :name", { name: token.name })}
                    >
                      {t("Revoke")}
                    </Button>
                  )}
                </>
              }
            />
          </li>
        ))}
      </ul>
      <RollTokenDialog token={rolling} onClose={() => setRolling(null)} />
      <ConfirmDialog
        open={pending !== null}
        title={t("Revoke this token?")}
        confirmLabel={t("Revoke token")}
        loading={revoke.isPending}
        onClose={() => setPending(null)}
        onConfirm={() =>
          pending &&
          revoke.mutate(
            { token_id: pending.id },
            { onSuccess: () => setPending(null) },
          )
        }
      >
        {t("Anything using “:name” will stop working at once.", {
          name: pending?.name ?? "",
        })}
      </ConfirmDialog>
    </>
  );
}
