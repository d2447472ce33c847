"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorAlert } from "@/components/ui/error-alert";
import { PageHeader } from "@/components/ui/page-header";
import { TextField } from "@/components/ui/text-field";
import { useT } from "@/lib/client/i18n";
import { useRouteMutation } from "@/lib/client/route-query";
import { useFormChecks } from "@/lib/client/use-form-checks";
import { teamSettingsPath } from "@/lib/client/use-teams";

/** Jetstream's CreateTeamForm: a name; the caller owns the team, which becomes the current one. */
export function CreateTeamForm() {
  const t = useT();
  const router = useRouter();
  // The new team becomes the current one (the session read again); its settings screen opens.
  const create = useRouteMutation("teams.store", {
    toast: "The team has been created.",
    stale: ["get-auth"],
    onSuccess: ({ team }) => router.push(teamSettingsPath(team.id)),
  });
  const form = useRef<HTMLFormElement>(null);
  const { errors, check } = useFormChecks(form, create.error, ["name"]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending || !check()) return;
    const name = String(new FormData(event.currentTarget).get("name") ?? "");
    create.mutate({ name });
  }

  return (
    <>
      <PageHeader
        title={t("Create a team")}
        description={t(
          "A team shares its work with the people you invite. You own the teams you create.",
        )}
      />
      <form ref={form} onSubmit={submit} noValidate className="max-w-2xl">
        <Card
          title={t("Team details")}
          footer={
            <Button type="submit" loading={create.isPending}>
              {t("Create team")}
            </Button>
          }
        >
          <div className="space-y-5">
            <ErrorAlert error={errors.general} />
            <TextField
              label={t("Team name")}
              name="name"
              required
              maxLength={255}
              autoComplete="off"
              autoFocus
              error={errors.fields.name}
              className="sm:max-w-sm"
            />
          </div>
        </Card>
      </form>
    </>
  );
}
