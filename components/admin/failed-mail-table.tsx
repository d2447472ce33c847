"use client";

import { DataTable } from "@/components/ui/data-table";
import {
  MessageCells,
  messageColumns,
} from "@/components/admin/queued-mail-table";
import { Button } from "@/components/ui/button";
import type { FailedMail } from "@/lib/client/contract";
import { useFormatDate, useT } from "@/lib/client/i18n";

type Props = {
  messages: FailedMail[];
  retryingId: number | null;
  onRetry: (message: FailedMail) => void;
};

/** Messages that failed every attempt, each with the last error and a Retry button. */
export function FailedMailTable({ messages, retryingId, onRetry }: Props) {
  const t = useT();
  const formatDate = useFormatDate();
  return (
    <DataTable
      label={t("Failed")}
      columns={[
        ...messageColumns(t),
        { label: t("Error") },
        { label: t("Failed at"), className: "hidden md:table-cell" },
        { label: t("Actions"), srOnly: true },
      ]}
    >
      {messages.map((message) => (
        <tr key={message.id} className="align-top">
          <MessageCells to={message.to} subject={message.subject} />
          <td className="max-w-80 min-w-48 px-3 py-3">
            {/* The first line says what went wrong; the whole trace is on hover. */}
            <span
              className="line-clamp-2 font-mono text-xs break-words text-red-700"
              title={message.exception}
            >
              {message.exception.split("\n")[0]}
            </span>
          </td>
          <td className="hidden px-3 py-3 whitespace-nowrap text-zinc-600 md:table-cell">
            <time dateTime={message.failed_at}>
              {formatDate(message.failed_at)}
            </time>
          </td>
          <td className="px-5 py-3 text-right sm:px-6">
            <Button
              variant="secondary"
              size="sm"
              loading={retryingId === message.id}
              disabled={retryingId !== null}
              onClick={() => onRetry(message)}
              aria-label={t("Retry the message to :to", {
                to: message.to.join(", "),
              })}
            >
              {t("Retry")}
            </Button>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
