"use client";

import { type Column, DataTable } from "@/components/ui/data-table";
import { Badge } from "@/components/ui/badge";
import type { QueuedMail } from "@/lib/client/contract";
import { useFormatDate, useT } from "@/lib/client/i18n";

/** The first two columns of both mail tables: who a message is for, and its subject. */
export const messageColumns = (t: ReturnType<typeof useT>): Column[] => [
  { label: t("Recipient") },
  { label: t("Subject"), className: "hidden sm:table-cell" },
];

/**
 * The first two cells of a message's row: the recipients on one line (the full list on hover,
 * the subject under them on phones), then the subject in its own column from small screens up.
 */
export function MessageCells({
  to,
  subject,
}: {
  to: string[];
  subject: string;
}) {
  const text = to.join(", ");
  return (
    <>
      <th scope="row" className="px-5 py-3 text-left font-normal sm:px-6">
        <span
          className="block max-w-56 truncate font-medium text-zinc-900"
          title={text}
        >
          {text || "—"}
        </span>
        <span className="block max-w-56 truncate text-zinc-500 sm:hidden">
          {subject}
        </span>
      </th>
      <td className="hidden max-w-72 min-w-44 px-3 py-3 text-zinc-700 sm:table-cell">
        <span className="line-clamp-2 break-words">{subject}</span>
      </td>
    </>
  );
}

/** Messages waiting for the worker: a first try, or another one after a failure (attempts > 0). */
export function QueuedMailTable({
  messages,
  now,
}: {
  messages: QueuedMail[];
  now: number;
}) {
  const t = useT();
  const formatDate = useFormatDate();
  return (
    <DataTable
      label={t("Queued")}
      columns={[
        ...messageColumns(t),
        { label: t("Attempts") },
        { label: t("Next attempt") },
      ]}
    >
      {messages.map((message) => (
        <tr key={message.id} className="align-top">
          <MessageCells to={message.to} subject={message.subject} />
          <td className="px-3 py-3">
            {message.attempts > 0 ? (
              <Badge tone="amber">{message.attempts}</Badge>
            ) : (
              <span className="text-zinc-600">0</span>
            )}
          </td>
          <td className="px-5 py-3 whitespace-nowrap text-zinc-600 sm:px-6">
            {Date.parse(message.available_at) <= now ? (
              t("Now")
            ) : (
              <time dateTime={message.available_at}>
                {formatDate(message.available_at)}
              </time>
            )}
            <span className="block text-xs text-zinc-500">
              {t("Queued :date", { date: formatDate(message.created_at) })}
            </span>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
