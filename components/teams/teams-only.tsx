"use client";

import type { ReactNode } from "react";
import { PageRefused } from "@/components/shell/page-refused";
import { useT } from "@/lib/client/i18n";
import { useSession } from "@/lib/client/use-session";
import { hasTeams } from "@/lib/client/use-teams";

/** The team screens exist only where teams are on (the routes answer 404 otherwise). */
export function TeamsOnly({ children }: { children: ReactNode }) {
  const t = useT();
  const session = useSession();
  if (hasTeams(session.data?.user)) return <>{children}</>;
  return <PageRefused status={404} title={t("Teams are not available here")} />;
}
