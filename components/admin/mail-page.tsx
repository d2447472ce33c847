"use client";

import { FailedMailTable } from "@/components/admin/failed-mail-table";
import { QueuedMailTable } from "@/components/admin/queued-mail-table";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorAlert } from "@/components/ui/error-alert";
import { PageHeader } from "@/components/ui/page-header";
import { LoadingRows } from "@/components/ui/skeleton";
import { useT } from "@/lib/client/i18n";
import { useRouteMutation, useRouteQuery } from "@/lib/client/route-query";

// The worker sends within seconds: a list left open follows it instead of going stale.
const MAIL_REFRESH_MS = 5_000;

/** The mail queue for administrators: what waits to be sent, what failed, and a retry. */
export function MailPage() {
  const t = useT();
  // Queued and failed messages, newest first (only their envelopes: bodies hold single-use links).
  const mail = useRouteQuery("api.admin.mail", undefined, {
    refetchInterval: MAIL_REFRESH_MS,
  });
  // Puts a failed message back on the queue (404 when it is no longer failed).
  const retry = useRouteMutation("api.admin.mail.retry", {
    toast: "The message is back in the queue.",
  });
  const queue = mail.data;
  return (
    <>
      <PageHeader
        title={t("Mail")}
        description={t(
          "Queued and failed messages, refreshed every few seconds. Only recipients and subjects are shown.",
        )}
      />
      <div className="space-y-6">
        <ErrorAlert error={mail.error} />
        <Card
          title={t("Queued")}
          description={t(
            "The worker sends these in order; a failed try is attempted again later.",
          )}
        >
          {mail.isPending ? (
            <LoadingRows label={t("Loading mail…")} rows={2} />
          ) : queue && queue.queued.length > 0 ? (
            <QueuedMailTable messages={queue.queued} now={mail.dataUpdatedAt} />
          ) : (
            !mail.isError && (
              <EmptyState title={t("Nothing waiting")}>
                {t("Every message has been sent.")}
              </EmptyState>
            )
          )}
        </Card>
        <Card
          title={t("Failed")}
          description={t("Retrying puts a message back in the queue.")}
        >
          <div className="space-y-4">
            <ErrorAlert error={retry.error} />
            {mail.isPending ? (
              <LoadingRows label={t("Loading mail…")} rows={2} />
            ) : queue && queue.failed.length > 0 ? (
              <FailedMailTable
                messages={queue.failed}
                retryingId={
                  retry.isPending && retry.variables
                    ? Number(retry.variables.id)
                    : null
                }
                onRetry={(message) => retry.mutate({ id: message.id })}
              />
            ) : (
              !mail.isError && (
                <EmptyState title={t("No failed messages")}>
                  {t("Messages that fail every attempt appear here.")}
                </EmptyState>
              )
            )}
          </div>
        </Card>
      </div>
    </>
  );
}
