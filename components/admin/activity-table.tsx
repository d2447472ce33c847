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

/**
 * The audit log, newest first. Clicking a person filters by them. A table from tablet width; on
 * a phone each entry is a card (the users list's pattern), so nothing scrolls sideways.
 */
export function ActivityTable({ entries, onUser }: Props) {
  return (
    <>
      <div className="hidden md:block">
        <WideTable entries={entries} onUser={onUser} />
      </div>
      <EntryCards entries={entries} onUser={onUser} />
    </>
  );
}

/** On a phone: when and what on one line, then who, then the details. */
function EntryCards({ entries, onUser }: Props) {
  const t = useT();
  const formatDate = useFormatDate();
  return (
    <ul
      aria-label={t("Activity")}
      className="-mx-5 divide-y divide-zinc-100 border-y border-zinc-100 sm:-mx-6 md:hidden"
    >
      {entries.map((entry) => {
        const known = ACTIVITY_EVENTS[entry.event];
        return (
          <li key={entry.id} className="space-y-2 px-5 py-4 sm:px-6">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Badge tone={known?.tone ?? "gray"}>
                {known ? t(known.label) : entry.event}
              </Badge>
              <time
                dateTime={entry.created_at}
                className="text-xs text-zinc-600"
              >
                {formatDate(entry.created_at, {
                  dateStyle: "medium",
                  timeStyle: "medium",
                })}
              </time>
            </div>
            <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
              <Person
                user={entry.subject}
                onUser={onUser}
                label={t("Show only this user")}
              />
              {entry.causer && (
                <div className="flex items-baseline gap-1">
                  <span className="text-xs text-zinc-500">{t("By")}</span>
                  <Person
                    user={entry.causer}
                    onUser={onUser}
                    label={t("Show only this user")}
                  />
                </div>
              )}
            </div>
            <ActivityDetails properties={entry.properties} />
          </li>
        );
      })}
    </ul>
  );
}

function WideTable({ entries, onUser }: Props) {
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
