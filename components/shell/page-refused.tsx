"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button";
import { useT } from "@/lib/client/i18n";

/** A screen this viewer cannot have: the status, why, and the way back to the dashboard. */
export function PageRefused({
  status,
  title,
  children,
}: {
  status: 403 | 404;
  title: string;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <p className="text-sm font-semibold text-indigo-600">{status}</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-zinc-900">
        {title}
      </h1>
      {children && <p className="mt-3 text-sm text-zinc-500">{children}</p>}
      <Link href="/admin" className={buttonClasses("secondary", "md", "mt-8")}>
        {t("Back to the dashboard")}
      </Link>
    </div>
  );
}
