"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Pagination } from "@/components/ui/pagination";
import { LoadingRows } from "@/components/ui/skeleton";
import { readableAddress } from "@/lib/http/readable-address";
import { useDeviceName } from "@/components/profile/session-list";
import { useFormatDate, useT } from "@/lib/client/i18n";
import { useRouteQuery } from "@/lib/client/route-query";

/** Rows a page of the history shows (the route allows up to 100). */
const PAGE_SIZE = 10;

/**
 * Security, "Recent sign-ins": every sign-in, refused password and sign-out the account's
 * history holds (rappasoft/laravel-authentication-log's table, decision record 095), newest
 * first, a page at a time.
 */
export function SignInHistory() {
  const t = useT();
  const formatDate = useFormatDate();
  const deviceName = useDeviceName();
  const [page, setPage] = useState(1);
  const history = useRouteQuery(
    "api.app.user.authentication-log",
    { page, per_page: PAGE_SIZE },
    // The page shown stays while the next one loads: the list does not jump.
    { placeholderData: keepPreviousData },
  );
  const data = history.data;

  return (
    <Card
      title={t("Recent sign-ins")}
      description={t(
        "Each sign-in to your account and each refused password. A device you do not recognise? Change your password.",
      )}
    >
      <div className="space-y-4">
        <ErrorAlert error={history.error} />
        {history.isPending ? (
          <LoadingRows label={t("Loading sign-ins…")} rows={3} />
        ) : data && data.data.length === 0 ? (
          <EmptyState title={t("No sign-ins recorded yet")} />
        ) : (
          data && (
            <ul
              aria-label={t("Recent sign-ins")}
              className="-my-3 divide-y divide-zinc-100"
            >
              {data.data.map((entry) => {
                const device = deviceName(entry);
                return (
                  <li
                    key={entry.id}
                    className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3"
                  >
                    <div className="min-w-0">
                      <p className="flex flex-wrap items-center gap-2 font-medium text-zinc-900">
                        {device}
                        {entry.login_successful ? (
                          <Badge tone="green">{t("Signed in")}</Badge>
                        ) : (
                          <Badge tone="red">{t("Wrong password")}</Badge>
                        )}
                        {entry.cleared_by_user && (
                          <Badge tone="amber">{t("Marked as not you")}</Badge>
                        )}
                      </p>
                      <p className="text-sm text-zinc-600">
                        {[
                          readableAddress(entry.ip_address),
                          formatDate(entry.login_at),
                        ]
                          .filter(Boolean)
                          .join(" · ")}
                      </p>
                      {entry.logout_at && (
                        <p className="text-xs text-zinc-500">
                          {t("Signed out :time", {
                            time: formatDate(entry.logout_at),
                          })}
                        </p>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          )
        )}
        {data && data.last_page > 1 && (
          <Pagination
            page={data.current_page}
            lastPage={data.last_page}
            total={data.total}
            onPage={setPage}
            busy={history.isFetching}
          />
        )}
      </div>
    </Card>
  );
}
