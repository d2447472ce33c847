"use client";

import { useId, useState } from "react";
import { ACTIVITY_EVENTS } from "@/components/admin/activity-labels";
import {
  DELIVERY_STATUS,
  DeliveryResponse,
  WebhookDeliveriesTable,
} from "@/components/admin/webhook-deliveries-table";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { LoadingRows } from "@/components/ui/skeleton";
import type { WebhookEndpoint as Endpoint } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";
import {
  useTestWebhook,
  useWebhookDeliveries,
} from "@/lib/client/use-webhooks";

type Props = {
  endpoint: Endpoint;
  onDelete: (endpoint: Endpoint) => void;
  /** Its removal is being confirmed or sent: the log stops asking for a row about to go. */
  removing: boolean;
};

/** One endpoint: where it posts, what it listens to, how its latest delivery went; a test, its log, removal. */
export function WebhookEndpointItem({ endpoint, onDelete, removing }: Props) {
  const t = useT();
  const [showLog, setShowLog] = useState(false);
  const test = useTestWebhook();
  const deliveries = useWebhookDeliveries(endpoint.id, showLog && !removing);
  const logId = useId();
  const last = endpoint.last_delivery;
  const name = endpoint.description || endpoint.url;
  return (
    <li className="space-y-3 px-5 py-4 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          {endpoint.description && (
            <p className="font-medium text-zinc-900">{endpoint.description}</p>
          )}
          <p className="font-mono text-sm break-all text-zinc-700">
            {endpoint.url}
          </p>
          <p className="mt-1.5 flex flex-wrap gap-1.5">
            {endpoint.events.includes("*") ? (
              <Badge tone="indigo">{t("All events")}</Badge>
            ) : (
              endpoint.events.map((event) => (
                <Badge key={event}>
                  {ACTIVITY_EVENTS[event]
                    ? t(ACTIVITY_EVENTS[event].label)
                    : event}
                </Badge>
              ))
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            loading={test.isPending}
            onClick={() =>
              test.mutate(
                { id: endpoint.id },
                { onSuccess: () => setShowLog(true) },
              )
            }
            aria-label={t("Send test event to :name", { name })}
          >
            {t("Send test event")}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={showLog}
            aria-controls={logId}
            onClick={() => setShowLog((shown) => !shown)}
            aria-label={t(
              showLog ? "Hide deliveries of :name" : "Deliveries of :name",
              { name },
            )}
          >
            {showLog ? t("Hide deliveries") : t("Deliveries")}
          </Button>
          <Button
            variant="ghost-danger"
            size="sm"
            onClick={() => onDelete(endpoint)}
            aria-label={t("Remove :name", { name })}
          >
            {t("Remove")}
          </Button>
        </div>
      </div>
      <div className="text-sm text-zinc-600" aria-live="polite">
        {last ? (
          <div className="flex flex-wrap items-center gap-2">
            <span>{t("Latest delivery:")}</span>
            <Badge tone={DELIVERY_STATUS[last.status].tone}>
              {t(DELIVERY_STATUS[last.status].label)}
            </Badge>
            <DeliveryResponse delivery={last} />
          </div>
        ) : (
          <span>{t("Nothing delivered yet.")}</span>
        )}
      </div>
      {test.isSuccess && !test.isPending && (
        <Alert tone="success">
          {t("A test event is on its way. The delivery log shows how it went.")}
        </Alert>
      )}
      <ErrorAlert error={test.error} />
      {showLog && (
        <div id={logId}>
          {deliveries.isPending ? (
            <LoadingRows label={t("Loading deliveries…")} rows={2} />
          ) : (
            <>
              <ErrorAlert error={deliveries.error} />
              {deliveries.data && deliveries.data.length > 0 ? (
                <WebhookDeliveriesTable
                  deliveries={deliveries.data}
                  label={t("Deliveries to :name", { name })}
                />
              ) : (
                !deliveries.isError && (
                  <p className="text-sm text-zinc-600">
                    {t("Nothing delivered yet.")}
                  </p>
                )
              )}
            </>
          )}
        </div>
      )}
    </li>
  );
}
