"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button";
import { useT } from "@/lib/client/i18n";
import { useSession } from "@/lib/client/use-session";

/** Administration screens: a clear 403 for everyone else (the host API refuses them anyway). */
export function AdminOnly({ children }: { children: ReactNode }) {
  const t = useT();
  const session = useSession();
  if (session.data?.is_admin) return <>{children}</>;
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <p className="text-sm font-semibold text-indigo-600">403</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-zinc-900">
        {t("You do not have access to this page")}
      </h1>
      <p className="mt-3 text-sm text-zinc-500">
        {t(
          "Only administrators can see this page. If you think you should, ask an administrator.",
        )}
      </p>
      <Link href="/admin" className={buttonClasses("secondary", "md", "mt-8")}>
        {t("Back to the dashboard")}
      </Link>
    </div>
  );
}
