"use client";

import Link from "next/link";
import { useId } from "react";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Icon } from "@/components/ui/icon";
import type { User } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";
import { useRouteMutation } from "@/lib/client/route-query";
import {
  CREATE_TEAM_PATH,
  hasTeams,
  teamSettingsPath,
} from "@/lib/client/use-teams";

const ITEM =
  "flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-medium text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900";
const HEADING = "px-3 pt-1 pb-1 text-xs font-medium text-zinc-500";

/**
 * The user menu's team section, as Jetstream's navigation dropdown has it: the current team's
 * settings, a new team, and the other teams to switch to (PUT /current-team). Only where teams are
 * on (get-auth shares `all_teams`).
 */
export function TeamSwitcher({
  user,
  onNavigate,
}: {
  user: User;
  onNavigate: () => void;
}) {
  const t = useT();
  // PUT /current-team (`HasTeams::switchTeam`): the session's current team read again.
  const switchTeam = useRouteMutation("current-team.update", {
    toast: "Switched team.",
    stale: ["get-auth"],
  });
  const manageId = useId();
  const switchId = useId();
  if (!hasTeams(user)) return null;
  const current = user.all_teams.find(
    (team) => team.id === user.current_team_id,
  );
  return (
    <div className="border-t border-zinc-100 py-1.5">
      <div role="group" aria-labelledby={manageId}>
        <p id={manageId} className={HEADING}>
          {current
            ? t("Team: :team", { team: current.name })
            : t("Manage team")}
        </p>
        {current && (
          <Link
            href={teamSettingsPath(current.id)}
            className={ITEM}
            onClick={onNavigate}
          >
            <Icon name="users" className="size-4.5 text-zinc-500" />
            {t("Team settings")}
          </Link>
        )}
        <Link href={CREATE_TEAM_PATH} className={ITEM} onClick={onNavigate}>
          <Icon name="bolt" className="size-4.5 text-zinc-500" />
          {t("Create new team")}
        </Link>
      </div>
      {user.all_teams.length > 1 && (
        <div role="group" aria-labelledby={switchId} className="mt-1">
          <p id={switchId} className={HEADING}>
            {t("Switch teams")}
          </p>
          {user.all_teams.map((team) => {
            const isCurrent = team.id === user.current_team_id;
            return (
              <button
                key={team.id}
                type="button"
                className={ITEM}
                aria-current={isCurrent ? "true" : undefined}
                disabled={switchTeam.isPending}
                onClick={() =>
                  isCurrent
                    ? onNavigate()
                    : switchTeam.mutate(
                        { team_id: team.id },
                        { onSuccess: onNavigate },
                      )
                }
              >
                <span className="flex size-4.5 shrink-0 items-center justify-center">
                  {isCurrent && (
                    <Icon name="check" className="size-4.5 text-emerald-600" />
                  )}
                </span>
                <span className="min-w-0 truncate">{team.name}</span>
              </button>
            );
          })}
          {switchTeam.isError && <ErrorAlert error={switchTeam.error} />}
        </div>
      )}
    </div>
  );
}
