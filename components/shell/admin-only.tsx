"use client";

import type { ReactNode } from "react";
import { PageRefused } from "@/components/shell/page-refused";
import { useT } from "@/lib/client/i18n";
import { useSession } from "@/lib/client/use-session";

/** Administration screens: a clear 403 for everyone else (the host API refuses them anyway). */
export function AdminOnly({ children }: { children: ReactNode }) {
  const t = useT();
  const session = useSession();
  if (session.data?.is_admin) return <>{children}</>;
  return (
    <PageRefused status={403} title={t("You do not have access to this page")}>
      {t(
        "Only administrators can see this page. If you think you should, ask an administrator.",
      )}
    </PageRefused>
  );
}
