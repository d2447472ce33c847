"use client";

import { ACTIVITY_EVENTS } from "@/components/admin/activity-labels";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import type { ActivityFilters as Filters } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";
import { useRouteQuery } from "@/lib/client/route-query";

// The user filter lists this many accounts; beyond that, a row's name filters by its user.
const USER_CHOICES = 100;

type Props = { filters: Filters; onChange: (patch: Partial<Filters>) => void };

export const NO_ACTIVITY_FILTERS: Filters = {
  user_id: "",
  event: "",
  from: "",
  to: "",
  page: 1,
};

/** Narrow the log by user, event type and date range; every change goes back to page 1. */
export function ActivityFilters({ filters, onChange }: Props) {
  const t = useT();
  // Accounts to choose from, deleted ones included (their history stays).
  const users = useRouteQuery(
    "api.admin.users.index",
    { status: "all", per_page: USER_CHOICES, page: 1 },
    { select: (answer) => answer.data, staleTime: 60_000 },
  );
  const userOptions = (users.data ?? []).map((user) => ({
    value: String(user.id),
    label: `${user.name} (${user.email})`,
  }));
  // A user picked from a row may be beyond the list; keep the choice visible.
  if (
    filters.user_id &&
    !userOptions.some((option) => option.value === filters.user_id)
  ) {
    userOptions.push({
      value: filters.user_id,
      label: t("User #:id", { id: filters.user_id }),
    });
  }
  const isFiltered =
    filters.user_id || filters.event || filters.from || filters.to;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.2fr)_minmax(13rem,1fr)_10rem_10rem_auto] lg:items-end">
      <SelectField
        label={t("User")}
        value={filters.user_id}
        onChange={(event) => onChange({ user_id: event.target.value })}
        options={[{ value: "", label: t("All users") }, ...userOptions]}
      />
      <SelectField
        label={t("Event")}
        value={filters.event}
        onChange={(event) => onChange({ event: event.target.value })}
        options={[
          { value: "", label: t("All events") },
          ...Object.entries(ACTIVITY_EVENTS).map(([value, { label }]) => ({
            value,
            label: t(label),
          })),
        ]}
      />
      <TextField
        label={t("From")}
        name="from"
        type="date"
        value={filters.from}
        max={filters.to || undefined}
        onChange={(event) => onChange({ from: event.target.value })}
      />
      <TextField
        label={t("To")}
        name="to"
        type="date"
        value={filters.to}
        min={filters.from || undefined}
        onChange={(event) => onChange({ to: event.target.value })}
      />
      <Button
        variant="ghost"
        disabled={!isFiltered}
        onClick={() => onChange(NO_ACTIVITY_FILTERS)}
      >
        {t("Clear filters")}
      </Button>
    </div>
  );
}
