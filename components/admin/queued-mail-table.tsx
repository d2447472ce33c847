"use client";

import { Badge } from "@/components/ui/badge";
import type { QueuedMail } from "@/lib/client/api-types";
import { useFormatDate, useT } from "@/lib/client/i18n";

export const TABLE_HEAD = "text-left text-xs font-semibold tracking-wide text-zinc-500 uppercase";

/** Who a message is for, on one line (the full list on hover); on narrow screens the subject goes under it. */
export function Recipients({ to, subject }: { to: string[]; subject: string }) {
  const text = to.join(", ");
  return (
    <>
      <span className="block max-w-56 truncate font-medium text-zinc-900" title={text}>
        {text || "—"}
      </span>
      <span className="block max-w-56 truncate text-zinc-500 sm:hidden">{subject}</span>
    </>
  );
}

/** The subject in its own column from small screens up. */
export function Subject({ subject }: { subject: string }) {
  return (
    <td className="hidden max-w-72 min-w-44 px-3 py-3 text-zinc-700 sm:table-cell">
      <span className="line-clamp-2 break-words">{subject}</span>
    </td>
  );
}

/** Messages waiting for the worker: a first try, or another one after a failure (attempts > 0). */
export function QueuedMailTable({ messages, now }: { messages: QueuedMail[]; now: number }) {
  const t = useT();
  const formatDate = useFormatDate();
  return (
    <div className="relative -mx-5 overflow-x-auto sm:-mx-6">
      <table className="min-w-full divide-y divide-zinc-200 text-sm">
        <thead>
          <tr className={TABLE_HEAD}>
            <th scope="col" className="px-5 py-3 sm:px-6">{t("Recipient")}</th>
            <th scope="col" className="hidden px-3 py-3 sm:table-cell">{t("Subject")}</th>
            <th scope="col" className="px-3 py-3">{t("Attempts")}</th>
            <th scope="col" className="px-5 py-3 sm:px-6">{t("Next attempt")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {messages.map((message) => (
            <tr key={message.id} className="align-top">
              <th scope="row" className="px-5 py-3 text-left font-normal sm:px-6">
                <Recipients to={message.to} subject={message.subject} />
              </th>
              <Subject subject={message.subject} />
              <td className="px-3 py-3">{message.attempts > 0 ? <Badge tone="amber">{message.attempts}</Badge> : <span className="text-zinc-600">0</span>}</td>
              <td className="px-5 py-3 whitespace-nowrap text-zinc-600 sm:px-6">
                {Date.parse(message.available_at) <= now ? t("Now") : <time dateTime={message.available_at}>{formatDate(message.available_at)}</time>}
                <span className="block text-xs text-zinc-500">
                  {t("Queued :date", { date: formatDate(message.created_at) })}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
