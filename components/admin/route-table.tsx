"use client";

import { DataTable } from "@/components/ui/data-table";
import { SettingValue, SourceBadge } from "@/components/admin/setting-value";
import type { SettingRow } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";

type Column = "uris" | "names" | "middlewares";
const PER_ACTION = /^routes\.(uris|names|middlewares)\.(.+)$/;

// Three keys per action (uri, name, middleware) read better as one line of a table than as 54 lines.
function byAction(rows: SettingRow[]): {
  actions: Map<string, Partial<Record<Column, SettingRow>>>;
  rest: SettingRow[];
} {
  const actions = new Map<string, Partial<Record<Column, SettingRow>>>();
  const rest: SettingRow[] = [];
  for (const row of rows) {
    const match = PER_ACTION.exec(row.key);
    const column = match?.[1] as Column | undefined;
    const action = match?.[2];
    if (!column || !action) rest.push(row);
    else actions.set(action, { ...actions.get(action), [column]: row });
  }
  return { actions, rest };
}

function Cell({ row }: { row: SettingRow | undefined }) {
  if (!row) return <span className="text-zinc-500">—</span>;
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <SettingValue value={row.value} />
      {/* Only what differs from the defaults is marked, or every cell would carry a badge. */}
      {row.source !== "default" && <SourceBadge source={row.source} />}
    </div>
  );
}

/** The `routes` group: prefix and switches on one line, then each action's URI, route name and middleware. */
export function RouteSettings({ rows }: { rows: SettingRow[] }) {
  const t = useT();
  const { actions, rest } = byAction(rows);
  return (
    <div className="space-y-4">
      {rest.length > 0 && (
        <dl className="flex flex-wrap gap-x-10 gap-y-3">
          {rest.map((row) => (
            <div key={row.key}>
              <dt className="font-mono text-xs text-zinc-500">{row.key}</dt>
              <dd className="mt-0.5 text-sm">
                <Cell row={row} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {/* Phones scroll the table sideways, as every table here; squeezed, each value broke into syllables. */}
      <DataTable
        label={t("Routes")}
        columns={[
          { label: t("Action") },
          { label: t("URI") },
          { label: t("Route name") },
          { label: t("Middleware") },
        ]}
        className="max-sm:whitespace-nowrap"
      >
        {[...actions].map(([action, cells]) => (
          <tr key={action} className="align-top">
            <th
              scope="row"
              className="px-5 py-2.5 text-left font-mono text-[0.8125rem] font-normal text-zinc-500 sm:px-6"
            >
              {action}
            </th>
            <td className="px-3 py-2.5">
              <Cell row={cells.uris} />
            </td>
            <td className="px-3 py-2.5">
              <Cell row={cells.names} />
            </td>
            <td className="min-w-44 px-5 py-2.5 sm:px-6">
              <Cell row={cells.middlewares} />
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
