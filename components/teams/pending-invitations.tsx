"use client";

import { roleName } from "@/components/teams/role-name";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorAlert } from "@/components/ui/error-alert";
import type { TeamPage } from "@/lib/client/contract";
import { useFormatDate, useT } from "@/lib/client/i18n";
import { useTeamChange } from "@/lib/client/use-teams";

/**
 * Jetstream's "Pending Team Invitations": who was invited and not yet joined, each with Cancel.
 * The server lists them only to a viewer who may add members, and only that viewer gets here.
 */
export function PendingInvitations({ page }: { page: TeamPage }) {
  const t = useT();
  const formatDate = useFormatDate();
  const cancel = useTeamChange(
    "team-invitations.destroy",
    "The invitation has been cancelled.",
  );
  const invitations = page.team.team_invitations;
  if (invitations.length === 0) return null;
  return (
    <Card
      title={t("Pending team invitations")}
      description={t(
        "These people have been invited to your team and have been sent an invitation email. They may join the team by accepting the email invitation.",
      )}
    >
      <div className="space-y-4">
        <ErrorAlert error={cancel.error} />
        <ul
          aria-label={t("Pending team invitations")}
          className="-mx-5 -my-5 divide-y divide-zinc-100 sm:-mx-6"
        >
          {invitations.map((invitation) => (
            <li
              key={invitation.id}
              className="flex flex-col gap-2 px-5 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-6"
            >
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-zinc-900">
                  {invitation.email}
                </p>
                <p className="text-xs text-zinc-600">
                  {[
                    roleName(page.availableRoles, invitation.role, t),
                    invitation.created_at &&
                      t("Invited :date", {
                        date: formatDate(invitation.created_at),
                      }),
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
              </div>
              <Button
                variant="ghost-danger"
                size="sm"
                className="self-start sm:self-auto"
                loading={
                  cancel.isPending &&
                  cancel.variables.invitation === invitation.id
                }
                aria-label={t("Cancel the invitation to :email", {
                  email: invitation.email,
                })}
                onClick={() => cancel.mutate({ invitation: invitation.id })}
              >
                {t("Cancel")}
              </Button>
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}
