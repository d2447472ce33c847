"use client";

import type { ReactNode } from "react";
import {
  BreakableText,
  SettingValue,
  SourceBadge,
} from "@/components/admin/setting-value";
import type { SettingRow } from "@/lib/client/contract";

/** Key, value and an optional badge: one line each on wide screens; key and badge above the value on narrow ones. */
export function KeyValueList({
  items,
}: {
  items: { key: string; value: unknown; badge?: ReactNode }[];
}) {
  return (
    <dl className="divide-y divide-zinc-100">
      {items.map((item) => (
        <div
          key={item.key}
          className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 py-2.5 first:pt-0 last:pb-0 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)_6.5rem] sm:items-baseline"
        >
          <dt className="col-start-1 row-start-1 font-mono text-xs break-words text-zinc-500">
            <BreakableText text={item.key} />
          </dt>
          <dd className="col-span-2 row-start-2 min-w-0 text-sm sm:col-span-1 sm:col-start-2 sm:row-start-1">
            <SettingValue value={item.value} />
          </dd>
          <dd className="col-start-2 row-start-1 text-right sm:col-start-3">
            {item.badge}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Configuration this page shows but does not change, each with where its value came from. */
export function ReadOnlySettings({ rows }: { rows: SettingRow[] }) {
  return (
    <KeyValueList
      items={rows.map((row) => ({
        key: row.key,
        value: row.value,
        badge: <SourceBadge source={row.source} />,
      }))}
    />
  );
}
