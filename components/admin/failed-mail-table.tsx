"use client";

import { Recipients, Subject, TABLE_HEAD } from "@/components/admin/queued-mail-table";
import { Button } from "@/components/ui/button";
import type { FailedMail } from "@/lib/client/api-types";
import { useFormatDate, useT } from "@/lib/client/i18n";

type Props = { messages: FailedMail[]; retryingId: number | null; onRetry: (message: FailedMail) => void };

/** Messages that failed every attempt, each with the last error and a Retry button. */
export function FailedMailTable({ messages, retryingId, onRetry }: Props) {
  const t = useT();
  const formatDate = useFormatDate();
  return (
    <div className="relative -mx-5 overflow-x-auto sm:-mx-6">
      <table className="min-w-full divide-y divide-zinc-200 text-sm">
        <thead>
          <tr className={TABLE_HEAD}>
            <th scope="col" className="px-5 py-3 sm:px-6">{t("Recipient")}</th>
            <th scope="col" className="hidden px-3 py-3 sm:table-cell">{t("Subject")}</th>
            <th scope="col" className="px-3 py-3">{t("Error")}</th>
            <th scope="col" className="hidden px-3 py-3 md:table-cell">{t("Failed at")}</th>
            <th scope="col" className="px-5 py-3 sm:px-6"><span className="sr-only">{t("Actions")}</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {messages.map((message) => (
            <tr key={message.id} className="align-top">
              <th scope="row" className="px-5 py-3 text-left font-normal sm:px-6">
                <Recipients to={message.to} subject={message.subject} />
              </th>
              <Subject subject={message.subject} />
              <td className="max-w-80 min-w-48 px-3 py-3">
                {/* The first line says what went wrong; the whole trace is on hover. */}
                <span className="line-clamp-2 font-mono text-xs break-words text-red-700" title={message.exception}>
                  {message.exception.split("\n")[0]}
                </span>
              </td>
              <td className="hidden px-3 py-3 whitespace-nowrap text-zinc-600 md:table-cell">
                <time dateTime={message.failed_at}>{formatDate(message.failed_at)}</time>
              </td>
              <td className="px-5 py-3 text-right sm:px-6">
                <Button
                  variant="secondary"
                  size="sm"
                  loading={retryingId === message.id}
                  disabled={retryingId !== null}
                  onClick={() => onRetry(message)}
                  aria-label={t("Retry the message to :to", { to: message.to.join(", ") })}
                >
                  {t("Retry")}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
