"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { useState } from "react";
import {
  ActivityFilters,
  NO_ACTIVITY_FILTERS,
} from "@/components/admin/activity-filters";
import { ActivityTable } from "@/components/admin/activity-table";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorAlert } from "@/components/ui/error-alert";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { LoadingRows } from "@/components/ui/skeleton";
import type { ActivityFilters as Filters } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";
import { useRouteQuery } from "@/lib/client/route-query";

const ACTIVITY_PER_PAGE = 20;

/** The audit log for administrators. */
export function ActivityPage() {
  const t = useT();
  const [filters, setFilters] = useState<Filters>(NO_ACTIVITY_FILTERS);
  // One page of the audit log, newest first.
  const activity = useRouteQuery(
    "api.admin.activity",
    { ...filters, per_page: ACTIVITY_PER_PAGE },
    { placeholderData: keepPreviousData },
  );
  const [showFilters, setShowFilters] = useState(false);
  const activeFilters = [
    filters.user_id,
    filters.event,
    filters.from,
    filters.to,
  ].filter(Boolean).length;
  const page = activity.data;
  const change = (patch: Partial<Filters>) =>
    setFilters((current) => ({ ...current, ...patch, page: patch.page ?? 1 }));
  return (
    <>
      <PageHeader
        title={t("Activity")}
        description={t(
          "Sign-ins, password changes, tokens and impersonation, newest first.",
        )}
      />
      <Card>
        <div className="space-y-5">
          {/* On a phone the filters fold behind a button: the log comes first (decision record 090). */}
          <Button
            variant="secondary"
            size="sm"
            className="md:hidden"
            aria-expanded={showFilters}
            aria-controls="activity-filters"
            onClick={() => setShowFilters(!showFilters)}
          >
            {showFilters ? t("Hide filters") : t("Filters")}
            {activeFilters > 0 && ` (${activeFilters})`}
          </Button>
          <div
            id="activity-filters"
            className={showFilters ? undefined : "hidden md:block"}
          >
            <ActivityFilters filters={filters} onChange={change} />
          </div>
          <ErrorAlert error={activity.error} />
          {activity.isPending ? (
            <LoadingRows label={t("Loading activity…")} />
          ) : page && page.data.length > 0 ? (
            <ActivityTable
              entries={page.data}
              onUser={(user) => change({ user_id: String(user.id) })}
            />
          ) : (
            !activity.isError && (
              <EmptyState title={t("No activity found")}>
                {t("Nothing matches these filters.")}
              </EmptyState>
            )
          )}
          {page && page.total > 0 && (
            <Pagination
              page={page.current_page}
              lastPage={page.last_page}
              total={page.total}
              busy={activity.isFetching}
              onPage={(next) => change({ page: next })}
            />
          )}
        </div>
      </Card>
    </>
  );
}
