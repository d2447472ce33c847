"use client";

import { type FormEvent, useRef } from "react";
import { RoleChoice } from "@/components/teams/role-choice";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorAlert } from "@/components/ui/error-alert";
import { TextField } from "@/components/ui/text-field";
import type { TeamPage } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";
import { useFormChecks } from "@/lib/client/use-form-checks";
import { useTeamChange } from "@/lib/client/use-teams";
import { useToast } from "@/components/ui/toaster";

/**
 * Jetstream's "Add Team Member": an address and a role. Where invitations are on the server mails
 * one (the answer holds `invitation`); otherwise it adds the registered account at once.
 */
export function AddMemberForm({ page }: { page: TeamPage }) {
  const t = useT();
  const toast = useToast();
  // An invitation mailed, or (invitations off) the account added.
  const add = useTeamChange("team-members.store");
  const form = useRef<HTMLFormElement>(null);
  const { errors, check } = useFormChecks(form, add.error, ["email", "role"]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (add.isPending || !check()) return;
    const element = event.currentTarget;
    const data = new FormData(element);
    const email = String(data.get("email") ?? "");
    add.mutate(
      { team: page.team.id, email, role: String(data.get("role") ?? "") },
      {
        onSuccess: (answer) => {
          element.reset();
          toast(
            answer.invitation
              ? t("An invitation has been sent to :email.", { email })
              : t(":email has been added to the team.", { email }),
          );
        },
      },
    );
  }

  return (
    <form ref={form} onSubmit={submit} noValidate>
      <Card
        title={t("Add team member")}
        description={t(
          "Add a new member to your team, allowing them to work with you.",
        )}
        footer={
          <Button type="submit" loading={add.isPending}>
            {t("Add")}
          </Button>
        }
      >
        <div className="space-y-5">
          <p className="text-sm text-zinc-600">
            {t(
              "Please provide the email address of the person you would like to add to this team.",
            )}
          </p>
          <ErrorAlert error={errors.general} />
          <TextField
            label={t("Email")}
            name="email"
            type="email"
            required
            autoComplete="off"
            error={errors.fields.email}
            className="sm:max-w-sm"
          />
          {page.availableRoles.length > 0 && (
            <RoleChoice
              roles={page.availableRoles}
              error={errors.fields.role}
            />
          )}
        </div>
      </Card>
    </form>
  );
}
