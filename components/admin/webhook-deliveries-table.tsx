"use client";

import { ACTIVITY_EVENTS } from "@/components/admin/activity-labels";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { DataTable } from "@/components/ui/data-table";
import type {
  WebhookDelivery,
  WebhookDeliveryStatus,
} from "@/lib/client/contract";
import { useFormatDate, useT } from "@/lib/client/i18n";

export const DELIVERY_STATUS: Record<
  WebhookDeliveryStatus,
  { label: string; tone: BadgeTone }
> = {
  pending: { label: "Queued", tone: "gray" },
  retrying: { label: "Retrying", tone: "amber" },
  succeeded: { label: "Delivered", tone: "green" },
  failed: { label: "Failed", tone: "red" },
};

/** The last answer of a delivery: its HTTP status and the start of its body, or why there was none. */
export function DeliveryResponse({ delivery }: { delivery: WebhookDelivery }) {
  const t = useT();
  if (delivery.response_status !== null) {
    return (
      <span className="block max-w-80 min-w-40">
        <span className="font-mono text-xs text-zinc-900">
          HTTP {delivery.response_status}
        </span>
        {delivery.response_excerpt && (
          <span
            className="block truncate font-mono text-xs text-zinc-500"
            title={delivery.response_excerpt}
          >
            {delivery.response_excerpt}
          </span>
        )}
      </span>
    );
  }
  if (delivery.error)
    return (
      <span className="line-clamp-2 block max-w-80 min-w-40 font-mono text-xs break-words text-red-700">
        {delivery.error}
      </span>
    );
  return <span className="text-zinc-500">{t("Not attempted yet")}</span>;
}

/** The delivery log of one endpoint, newest first. */
export function WebhookDeliveriesTable({
  deliveries,
  label,
}: {
  deliveries: WebhookDelivery[];
  label: string;
}) {
  const t = useT();
  const formatDate = useFormatDate();
  return (
    <DataTable
      label={label}
      columns={[
        { label: t("Event") },
        { label: t("Status") },
        { label: t("Response") },
        { label: t("Attempts"), className: "hidden sm:table-cell" },
        { label: t("Last attempt") },
      ]}
    >
      {deliveries.map((delivery) => {
        const status = DELIVERY_STATUS[delivery.status];
        const event = ACTIVITY_EVENTS[delivery.event];
        return (
          <tr key={delivery.id} className="align-top">
            <td className="px-5 py-3 sm:px-6">
              <span className="block whitespace-nowrap text-zinc-900">
                {event
                  ? t(event.label)
                  : delivery.event === "webhook-test"
                    ? t("Test event")
                    : delivery.event}
              </span>
              <span className="block font-mono text-xs text-zinc-500">
                {delivery.message_id}
              </span>
            </td>
            <td className="px-3 py-3">
              <Badge tone={status.tone}>{t(status.label)}</Badge>
            </td>
            <td className="px-3 py-3">
              <DeliveryResponse delivery={delivery} />
            </td>
            <td className="hidden px-3 py-3 text-zinc-600 sm:table-cell">
              {delivery.attempts}
            </td>
            <td className="px-5 py-3 whitespace-nowrap text-zinc-600 sm:px-6">
              {delivery.last_attempt_at ? (
                <time dateTime={delivery.last_attempt_at}>
                  {formatDate(delivery.last_attempt_at, {
                    dateStyle: "medium",
                    timeStyle: "medium",
                  })}
                </time>
              ) : (
                "—"
              )}
              {delivery.next_attempt_at && delivery.status === "retrying" && (
                <span className="block text-xs text-amber-800">
                  {t("Next try: :time", {
                    time: formatDate(delivery.next_attempt_at, {
                      timeStyle: "medium",
                    }),
                  })}
                </span>
              )}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
