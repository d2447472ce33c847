"use client";

import { Button } from "@/components/ui/button";
import { useT } from "@/lib/client/i18n";

type Props = {
  page: number;
  lastPage: number;
  total: number;
  onPage: (page: number) => void;
  busy?: boolean;
};

/** "Page 2 of 5 · 73 results" with previous and next. */
export function Pagination({
  page,
  lastPage,
  total,
  onPage,
  busy = false,
}: Props) {
  const t = useT();
  const last = Math.max(1, lastPage);
  return (
    <nav
      aria-label={t("Pagination")}
      className="flex flex-wrap items-center justify-between gap-3"
    >
      <p className="text-sm text-zinc-600" aria-live="polite">
        {t("Page :page of :last", { page, last })} ·{" "}
        {t(total === 1 ? ":count result" : ":count results", { count: total })}
      </p>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={page <= 1 || busy}
          onClick={() => onPage(page - 1)}
        >
          {t("Previous")}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={page >= last || busy}
          onClick={() => onPage(page + 1)}
        >
          {t("Next")}
        </Button>
      </div>
    </nav>
  );
}
