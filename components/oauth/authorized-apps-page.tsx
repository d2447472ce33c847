"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorAlert } from "@/components/ui/error-alert";
import { PageHeader } from "@/components/ui/page-header";
import { LoadingRows } from "@/components/ui/skeleton";
import { useFormatDate, useT } from "@/lib/client/i18n";
import { useRouteQuery } from "@/lib/client/route-query";
import {
  type AuthorizedApp,
  useAuthorizedApps,
  useRevokeAuthorizedApp,
} from "@/lib/client/use-oauth-tokens";

/** One app: its name, what it may do in words, when it was last authorized, and Revoke. */
function AppItem({
  app,
  describe,
  onRevoke,
}: {
  app: AuthorizedApp;
  describe: (scope: string) => string;
  onRevoke: (app: AuthorizedApp) => void;
}) {
  const t = useT();
  const formatDate = useFormatDate();
  return (
    <li className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-start sm:justify-between sm:px-6">
      <div className="min-w-0">
        <p className="font-medium wrap-break-word text-zinc-900">
          {app.client.name}
        </p>
        <p className="mt-0.5 text-xs text-zinc-500">
          {t("Last authorized :date", {
            date: formatDate(app.lastAuthorizedAt),
          })}
        </p>
        <ul className="mt-2 list-disc space-y-0.5 pl-5 text-sm text-zinc-600">
          {app.scopes.length === 0 ? (
            <li>{t("No access beyond knowing that it is you.")}</li>
          ) : (
            app.scopes.map((scope) => <li key={scope}>{describe(scope)}</li>)
          )}
        </ul>
      </div>
      <Button
        variant="secondary-danger"
        size="sm"
        className="self-start"
        onClick={() => onRevoke(app)}
        aria-label={t("Revoke access of :app", { app: app.client.name })}
      >
        {t("Revoke")}
      </Button>
    </li>
  );
}

/** The user's authorized apps (Passport's GET /oauth/tokens), each revocable (decision record 055). */
export function AuthorizedAppsPage() {
  const t = useT();
  const apps = useAuthorizedApps();
  // The server's scopes are its configuration: read once.
  const scopes = useRouteQuery("passport.scopes.index", undefined, {
    staleTime: Infinity,
  });
  const revoke = useRevokeAuthorizedApp();
  const [revoking, setRevoking] = useState<AuthorizedApp | null>(null);
  const describe = (id: string) => {
    const scope = scopes.data?.find((candidate) => candidate.id === id);
    return scope ? t(scope.description) : id;
  };
  return (
    <>
      <PageHeader
        level={2}
        title={t("Authorized apps")}
        description={t(
          "Apps and devices you allowed to use your account. Revoke one and it loses access at once; it must ask you again.",
        )}
      />
      <Card>
        <div className="space-y-4">
          <ErrorAlert error={apps.error ?? revoke.error} />
          {apps.isPending ? (
            <LoadingRows label={t("Loading authorized apps…")} rows={2} />
          ) : apps.data && apps.data.length > 0 ? (
            <ul
              aria-label={t("Authorized apps")}
              className="-mx-5 -my-5 divide-y divide-zinc-100 sm:-mx-6"
            >
              {apps.data.map((app) => (
                <AppItem
                  key={app.client.id}
                  app={app}
                  describe={describe}
                  onRevoke={setRevoking}
                />
              ))}
            </ul>
          ) : (
            !apps.isError && (
              <EmptyState title={t("No authorized apps")}>
                {t(
                  "When you allow an app or a device to use your account, it is listed here.",
                )}
              </EmptyState>
            )
          )}
        </div>
      </Card>
      <ConfirmDialog
        open={revoking !== null}
        title={t("Revoke this app's access?")}
        confirmLabel={t("Revoke access")}
        loading={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking, { onSettled: () => setRevoking(null) })
        }
      >
        {revoking &&
          t(
            ":app will no longer be able to use your account, and will have to ask you again.",
            { app: revoking.client.name },
          )}
      </ConfirmDialog>
    </>
  );
}
