"use client";

import Link from "next/link";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorAlert } from "@/components/ui/error-alert";
import { LoadingRows } from "@/components/ui/skeleton";
import { useT } from "@/lib/client/i18n";
import { useRouteQuery } from "@/lib/client/route-query";
import { useTeamsWhereUserMay } from "@/lib/client/use-teams";

const TOKENS_SCREEN = "/admin/tokens";

/**
 * The team's OAuth apps (GET /oauth/clients?team_id=, decision record 110) for a viewer whose role
 * may `read` them, and where the team's tokens are made: the tokens screen's "For" choice.
 */
export function TeamApps({ teamId }: { teamId: number }) {
  const t = useT();
  const readable = useTeamsWhereUserMay("read").some(
    (team) => team.id === teamId,
  );
  const apps = useRouteQuery(
    "passport.clients.index",
    { team_id: teamId },
    { enabled: readable },
  );
  if (!readable) return null;
  return (
    <Card
      title={t("Apps and tokens")}
      description={t(
        "The OAuth apps this team owns stay the team's when a member leaves, and go with the team.",
      )}
      footer={
        <Link href={TOKENS_SCREEN} className="text-sm font-medium underline">
          {t("Make a token for this team")}
        </Link>
      }
    >
      {apps.isPending ? (
        <LoadingRows label={t("Loading the team's apps…")} rows={2} />
      ) : apps.error ? (
        <ErrorAlert error={apps.error} />
      ) : apps.data.length === 0 ? (
        <EmptyState title={t("This team has no apps yet.")} />
      ) : (
        <ul className="divide-y divide-zinc-200">
          {apps.data.map((app) => (
            <li key={app.id} className="py-2.5 text-sm">
              <span className="font-medium text-zinc-900">{app.name}</span>{" "}
              <code className="text-xs text-zinc-500">{app.id}</code>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
