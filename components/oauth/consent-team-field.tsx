"use client";

import { SelectField } from "@/components/ui/select-field";
import { forWhomOptions } from "@/components/tokens/token-team-field";
import { useT } from "@/lib/client/i18n";

/**
 * Whom the app acts for: the user, or one of the teams the server offers, those where the user's
 * role may create (decision record 110). Shown only when there is such a team; approved for a
 * team, the app's token carries `team:{id}`.
 */
export function ConsentTeamField({
  teams,
  value,
  onChange,
}: {
  teams: readonly { id: number; name: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  const t = useT();
  if (teams.length === 0) return null;
  return (
    <div>
      <SelectField
        label={t("For")}
        name="team_id"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby="consent-team-hint"
        options={forWhomOptions(t, teams)}
      />
      <p id="consent-team-hint" className="mt-1.5 text-xs text-zinc-500">
        {t(
          "For a team, the app acts for that team, and its access ends when you leave it.",
        )}
      </p>
    </div>
  );
}
