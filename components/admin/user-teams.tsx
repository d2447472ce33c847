"use client";

import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { useT } from "@/lib/client/i18n";
import type { AdminUser } from "@/lib/client/contract";

type AdminUserTeam = NonNullable<AdminUser["teams"]>[number];

/** A team's page for administrators: `/admin/teams/{team}` is the member's own settings screen. */
const adminTeamPath = (teamId: number) => `/admin/teams/view/${teamId}`;

/** How many teams a row names before the rest become "+N", so a row stays one line. */
const SHOWN = 2;

/**
 * A user's teams in the administrators' list (decision record 106's `teams`): the first two by
 * name, each a link to the team's page with the user's role as a badge, and "+N" for the rest
 * (their names in its tooltip). Nothing for a user in no team.
 */
export function UserTeams({
  name,
  teams,
}: {
  name: string;
  teams: readonly AdminUserTeam[];
}) {
  const t = useT();
  if (teams.length === 0) return null;
  const rest = teams.slice(SHOWN);
  return (
    <ul
      aria-label={t("Teams of :name", { name })}
      className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs"
    >
      {teams.slice(0, SHOWN).map((team) => (
        <li key={team.id} className="flex min-w-0 items-center gap-1.5">
          <Link
            href={adminTeamPath(team.id)}
            className="max-w-40 truncate font-medium text-indigo-700 hover:underline"
          >
            {team.name}
          </Link>
          <Badge tone={team.role === "owner" ? "indigo" : "gray"}>
            {team.role === "owner" ? t("Owner") : team.role}
          </Badge>
        </li>
      ))}
      {rest.length > 0 && (
        <li
          className="text-zinc-600"
          title={rest.map((team) => team.name).join(", ")}
        >
          <span aria-hidden="true">+{rest.length}</span>
          <span className="sr-only">
            {t(":count more teams", { count: rest.length })}
          </span>
        </li>
      )}
    </ul>
  );
}
