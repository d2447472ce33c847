"use client";

import { useState } from "react";
import { CreateTokenForm } from "@/components/tokens/create-token-form";
import { TokenList } from "@/components/tokens/token-list";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import { PageHeader } from "@/components/ui/page-header";
import { LoadingRows } from "@/components/ui/skeleton";
import { useT } from "@/lib/client/i18n";
import { useRouteMutation, useRouteQuery } from "@/lib/client/route-query";
import { useRouteAllowed } from "@/lib/client/use-route-allowed";
import { useSession } from "@/lib/client/use-session";

/** The account's API tokens section (decision record 067): create, list, revoke all. */
export function TokensPage() {
  const t = useT();
  const user = useSession().data?.user;
  // `tokens` is a POST in contract §4: read all the same, under its path's key.
  const tokens = useRouteQuery("tokens", undefined, {
    select: (answer) => answer.tokens,
  });
  const flush = useRouteMutation("flush-tokens", {
    toast: "All tokens have been revoked.",
  });
  const [isConfirming, setConfirming] = useState(false);
  const allowed = useRouteAllowed();
  const count = tokens.data?.length ?? 0;
  if (!user) return null;
  return (
    <>
      <PageHeader
        level={2}
        title={t("API tokens")}
        description={t(
          "Personal access tokens authenticate requests made on your behalf.",
        )}
      />
      <div className="space-y-6">
        {allowed("create-token") && <CreateTokenForm email={user.email} />}
        <Card
          title={t("Your tokens")}
          actions={
            // Offered only when there is something to revoke (no greyed button beside an empty list).
            count > 0 &&
            allowed("flush-tokens") && (
              <Button
                variant="secondary-danger"
                size="sm"
                onClick={() => setConfirming(true)}
              >
                {t("Revoke all")}
              </Button>
            )
          }
        >
          <div className="space-y-4">
            <ErrorAlert error={flush.error ?? tokens.error} />
            {tokens.isPending ? (
              <LoadingRows label={t("Loading tokens…")} rows={2} />
            ) : (
              <TokenList
                tokens={tokens.data ?? []}
                now={tokens.dataUpdatedAt}
              />
            )}
          </div>
        </Card>
      </div>
      <ConfirmDialog
        open={isConfirming}
        title={t("Revoke all tokens?")}
        confirmLabel={t("Revoke all")}
        loading={flush.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          flush.mutate(undefined, { onSuccess: () => setConfirming(false) })
        }
      >
        {t(
          "Every script and integration using one of your :count tokens will stop working at once.",
          { count },
        )}
      </ConfirmDialog>
    </>
  );
}
