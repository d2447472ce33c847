"use client";

import { TokenCard } from "@/components/tokens/token-card";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorAlert } from "@/components/ui/error-alert";
import { LoadingRows } from "@/components/ui/skeleton";
import type { AdminUser } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";
import { useRouteQuery } from "@/lib/client/route-query";

function Tokens({ user }: { user: AdminUser }) {
  const t = useT();
  const tokens = useRouteQuery(
    "api.admin.users.tokens.index",
    { id: user.id },
    { select: (answer) => answer.tokens },
  );
  if (tokens.isPending)
    return <LoadingRows label={t("Loading tokens…")} rows={2} />;
  if (tokens.isError) return <ErrorAlert error={tokens.error} />;
  if (tokens.data.length === 0)
    return (
      <EmptyState title={t(":name has no API tokens.", { name: user.name })} />
    );
  return (
    <ul
      aria-label={t("Tokens of :name", { name: user.name })}
      className="divide-y divide-zinc-100"
    >
      {tokens.data.map((token) => (
        <li key={token.id} className="py-4 first:pt-0 last:pb-0">
          <TokenCard token={token} now={tokens.dataUpdatedAt} />
        </li>
      ))}
    </ul>
  );
}

/** An account's API tokens and their use (decision record 045), for an administrator: read only. */
export function UserTokensDialog({
  user,
  onClose,
}: {
  user: AdminUser | null;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Dialog
      open={user !== null}
      size="xl"
      title={t("Tokens of :name", { name: user?.name ?? "" })}
      description={t(
        "Requests in the last 24 hours and 30 days, and where each token was last used from.",
      )}
      onClose={onClose}
      actions={
        <Button variant="secondary" onClick={onClose}>
          {t("Close")}
        </Button>
      }
    >
      {user && <Tokens key={user.id} user={user} />}
    </Dialog>
  );
}
