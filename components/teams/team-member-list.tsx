"use client";

import { useState } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import { SelectField } from "@/components/ui/select-field";
import type { TeamMember, TeamPage } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";
import { useSession } from "@/lib/client/use-session";
import {
  useLeaveTeam,
  useRemoveTeamMember,
  useUpdateTeamMemberRole,
} from "@/lib/client/use-teams";

/**
 * Jetstream's TeamMemberManager list: each member with their role, a role select and Remove for a
 * viewer the server lets manage members (`permissions`, from `TEAM_POLICY`), and Leave on the
 * viewer's own line (the owner is never a member, so never offered it).
 */
export function TeamMemberList({ page }: { page: TeamPage }) {
  const t = useT();
  const { team, permissions, availableRoles } = page;
  const viewerId = useSession().data?.user?.id;
  const setRole = useUpdateTeamMemberRole(team.id);
  const remove = useRemoveTeamMember(team.id);
  const leave = useLeaveTeam(team.id);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [isLeaving, setLeaving] = useState(false);
  const roleName = (key: string | null) =>
    availableRoles.find((role) => role.key === key)?.name ?? key ?? "";

  return (
    <Card
      title={t("Team members")}
      description={t("All of the people that are part of this team.")}
    >
      <div className="space-y-4">
        <ErrorAlert error={setRole.error ?? remove.error ?? leave.error} />
        {team.users.length === 0 ? (
          <p className="text-sm text-zinc-600">
            {t("Nobody else is on this team yet.")}
          </p>
        ) : (
          <ul
            aria-label={t("Team members")}
            className="-mx-5 -my-5 divide-y divide-zinc-100 sm:-mx-6"
          >
            {team.users.map((member) => (
              <li
                key={member.id}
                className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6"
              >
                <div className="flex min-w-0 items-center gap-3">
                  <Avatar
                    name={member.name}
                    src={member.profile_photo_url}
                    size="sm"
                  />
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium text-zinc-900">
                      {member.name}
                    </p>
                    <p className="truncate text-xs text-zinc-600">
                      {member.email}
                    </p>
                  </div>
                </div>
                <div className="flex shrink-0 flex-wrap items-center gap-2">
                  {permissions.canUpdateTeamMembers &&
                  availableRoles.length > 0 ? (
                    <SelectField
                      label={t("Role of :name", { name: member.name })}
                      hideLabel
                      value={member.membership.role ?? ""}
                      disabled={setRole.isPending}
                      options={availableRoles.map((role) => ({
                        value: role.key,
                        label: role.name,
                      }))}
                      onChange={(event) =>
                        setRole.mutate({
                          user: member.id,
                          role: event.target.value,
                        })
                      }
                      className="w-40"
                    />
                  ) : (
                    member.membership.role && (
                      <Badge>{roleName(member.membership.role)}</Badge>
                    )
                  )}
                  {member.id === viewerId ? (
                    <Button
                      variant="secondary-danger"
                      size="sm"
                      onClick={() => setLeaving(true)}
                    >
                      {t("Leave")}
                    </Button>
                  ) : (
                    permissions.canRemoveTeamMembers && (
                      <Button
                        variant="secondary-danger"
                        size="sm"
                        aria-label={t("Remove :name", { name: member.name })}
                        onClick={() => setRemoving(member)}
                      >
                        {t("Remove")}
                      </Button>
                    )
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={removing !== null}
        title={t("Remove team member?")}
        confirmLabel={t("Remove")}
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, { onSettled: () => setRemoving(null) })
        }
      >
        {removing &&
          t(":name will no longer be part of :team.", {
            name: removing.name,
            team: team.name,
          })}
      </ConfirmDialog>
      <ConfirmDialog
        open={isLeaving}
        title={t("Leave team?")}
        confirmLabel={t("Leave")}
        loading={leave.isPending}
        onClose={() => setLeaving(false)}
        onConfirm={() =>
          viewerId !== undefined &&
          leave.mutate(viewerId, { onSettled: () => setLeaving(false) })
        }
      >
        {t("Are you sure you would like to leave :team?", { team: team.name })}
      </ConfirmDialog>
    </Card>
  );
}
