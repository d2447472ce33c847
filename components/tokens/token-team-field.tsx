"use client";

import { FieldError } from "@/components/ui/field-error";
import { SelectField } from "@/components/ui/select-field";
import { type Translate, useT } from "@/lib/client/i18n";
import { useTeamsWhereUserMay } from "@/lib/client/use-teams";
import { TEAM_TOKEN_PERMISSION } from "@/lib/policies/teams";

/**
 * Whom a new token acts for: the user, or one of their teams where they may make one (decision
 * records 106, 110). Shown only when there is such a team; a team's token gets `team:{id}`.
 */
export function TokenTeamField({ error }: { error?: string }) {
  const t = useT();
  const teams = useTeamsWhereUserMay(TEAM_TOKEN_PERMISSION);
  if (teams.length === 0) return null;
  return (
    <div>
      <SelectField
        label={t("For")}
        name="team_id"
        defaultValue=""
        aria-describedby="token-team-hint token-team-error"
        aria-invalid={error ? true : undefined}
        options={forWhomOptions(t, teams)}
      />
      <p id="token-team-hint" className="mt-1.5 text-xs text-zinc-500">
        {t("A team's token acts for that team, and ends when you leave it.")}
      </p>
      <FieldError id="token-team-error" error={error} />
    </div>
  );
}

/** The "For" choice's options: the user alone, then each team offered. */
export function forWhomOptions(
  t: Translate,
  teams: readonly { id: number; name: string }[],
) {
  return [
    { value: "", label: t("Only me") },
    ...teams.map((team) => ({
      value: String(team.id),
      label: t("The team :team", { team: team.name }),
    })),
  ];
}
