"use client";

import { type FormEvent, useRef } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorAlert } from "@/components/ui/error-alert";
import { TextField } from "@/components/ui/text-field";
import type { TeamPage } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";
import { useFormChecks } from "@/lib/client/use-form-checks";
import { useTeamChange } from "@/lib/client/use-teams";

/**
 * Jetstream's UpdateTeamNameForm: the owner, and the name, which only a viewer the server lets
 * rename (`permissions.canUpdateTeam`) may change; everyone else reads it.
 */
export function TeamNameForm({ page }: { page: TeamPage }) {
  const t = useT();
  const { team, permissions } = page;
  const update = useTeamChange("teams.update", "The team name has been saved.");
  const form = useRef<HTMLFormElement>(null);
  const { errors, check } = useFormChecks(form, update.error, ["name"]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending || !check()) return;
    update.mutate({
      team: team.id,
      name: String(new FormData(event.currentTarget).get("name") ?? ""),
    });
  }

  return (
    <form ref={form} onSubmit={submit} noValidate>
      <Card
        title={t("Team name")}
        description={t("The team's name and owner information.")}
        footer={
          permissions.canUpdateTeam && (
            <Button type="submit" loading={update.isPending}>
              {t("Save")}
            </Button>
          )
        }
      >
        <div className="space-y-5">
          <div>
            <p className="text-sm font-medium text-zinc-800">
              {t("Team owner")}
            </p>
            {team.owner ? (
              <div className="mt-2 flex min-w-0 items-center gap-3">
                <Avatar
                  name={team.owner.name}
                  src={team.owner.profile_photo_url}
                />
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-zinc-900">
                    {team.owner.name}
                  </p>
                  <p className="truncate text-sm text-zinc-600">
                    {team.owner.email}
                  </p>
                </div>
              </div>
            ) : (
              <p className="mt-2 text-sm text-zinc-600">
                {t("The owner's account no longer exists.")}
              </p>
            )}
          </div>
          <ErrorAlert error={errors.general} />
          <TextField
            key={team.name}
            label={t("Team name")}
            name="name"
            defaultValue={team.name}
            required
            maxLength={255}
            autoComplete="off"
            readOnly={!permissions.canUpdateTeam}
            error={errors.fields.name}
            className="sm:max-w-sm"
          />
        </div>
      </Card>
    </form>
  );
}
