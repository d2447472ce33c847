"use client";

import { DataTable } from "@/components/ui/data-table";
import { ActivityDetails } from "@/components/admin/activity-details";
import { ACTIVITY_EVENTS } from "@/components/admin/activity-labels";
import { Badge } from "@/components/ui/badge";
import type { ActivityEntry, UserRef } from "@/lib/client/contract";
import { useFormatDate, useT } from "@/lib/client/i18n";

type Props = { entries: ActivityEntry[]; onUser: (user: UserRef) => void };

function Person({
  user,
  onUser,
  label,
}: {
  user: UserRef | null;
  onUser: Props["onUser"];
  label: string;
}) {
  if (!user) return <span className="text-zinc-500">—</span>;
  return (
    <button
      type="button"
      onClick={() => onUser(user)}
      className="max-w-56 text-left hover:underline"
      title={label}
    >
      <span className="block truncate font-medium text-zinc-900">
        {user.name}
      </span>
      <span className="block truncate text-xs text-zinc-500">{user.email}</span>
    </button>
  );
}

/** The audit log, newest first. Clicking a person filters by them. */
export function ActivityTable({ entries, onUser }: Props) {
  const t = useT();
  const formatDate = useFormatDate();
  return (
    <DataTable
      label={t("Activity")}
      columns={[
        { label: t("When") },
        { label: t("Event") },
        { label: t("User") },
        { label: t("By") },
        { label: t("Details") },
      ]}
    >
      {entries.map((entry) => {
        const known = ACTIVITY_EVENTS[entry.event];
        return (
          <tr key={entry.id} className="align-top">
            <td className="px-5 py-3 whitespace-nowrap text-zinc-600 sm:px-6">
              <time dateTime={entry.created_at}>
                {formatDate(entry.created_at, {
                  dateStyle: "medium",
                  timeStyle: "medium",
                })}
              </time>
            </td>
            <td className="px-3 py-3">
              <Badge tone={known?.tone ?? "gray"}>
                {known ? t(known.label) : entry.event}
              </Badge>
            </td>
            <td className="px-3 py-3">
              <Person
                user={entry.subject}
                onUser={onUser}
                label={t("Show only this user")}
              />
            </td>
            <td className="px-3 py-3">
              <Person
                user={entry.causer}
                onUser={onUser}
                label={t("Show only this user")}
              />
            </td>
            <td className="px-5 py-3 sm:px-6">
              <ActivityDetails properties={entry.properties} />
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
