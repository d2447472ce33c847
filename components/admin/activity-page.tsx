"use client";

import { useState } from "react";
import {
  ActivityFilters,
  NO_ACTIVITY_FILTERS,
} from "@/components/admin/activity-filters";
import { ActivityTable } from "@/components/admin/activity-table";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorAlert } from "@/components/ui/error-alert";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { LoadingRows } from "@/components/ui/skeleton";
import type { ActivityFilters as Filters } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";
import { useActivity } from "@/lib/client/use-activity";

/** The audit log for administrators. */
export function ActivityPage() {
  const t = useT();
  const [filters, setFilters] = useState<Filters>(NO_ACTIVITY_FILTERS);
  const activity = useActivity(filters);
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
          <ActivityFilters filters={filters} onChange={change} />
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
