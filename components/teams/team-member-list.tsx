"use client";

import { roleName } from "@/components/teams/role-name";
import { useState } from "react";
import { TeamPeople } from "@/components/teams/team-people";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import { SelectField } from "@/components/ui/select-field";
import type { TeamMember, TeamPage } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";
import { useSession } from "@/lib/client/use-session";
import { useLeaveTeam, useTeamChange } from "@/lib/client/use-teams";

/**
 * Jetstream's TeamMemberManager list: each member with their role, a role select and Remove for a
 * viewer the server lets manage members (`permissions`, from `TEAM_POLICY`), and Leave on the
 * viewer's own line (the owner is never a member, so never offered it).
 */
export function TeamMemberList({ page }: { page: TeamPage }) {
  const t = useT();
  const { team, permissions, availableRoles } = page;
  const viewerId = useSession().data?.user?.id;
  const setRole = useTeamChange(
    "team-members.update",
    "The role has been changed.",
  );
  // The owner removes a member; a member leaving goes by the same route (useLeaveTeam).
  const remove = useTeamChange(
    "team-members.destroy",
    "The member has been removed.",
  );
  const leave = useLeaveTeam(team.id);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [isLeaving, setLeaving] = useState(false);

  return (
    <Card
      title={t("Team members")}
      description={t("All of the people that are part of this team.")}
    >
      <div className="space-y-4">
        <ErrorAlert error={setRole.error ?? remove.error ?? leave.error} />
        <TeamPeople
          people={team.users}
          actions={(member) => (
            <>
              {permissions.canUpdateTeamMembers && availableRoles.length > 0 ? (
                <SelectField
                  label={t("Role of :name", { name: member.name })}
                  hideLabel
                  value={member.membership.role ?? ""}
                  disabled={setRole.isPending}
                  options={availableRoles.map((role) => ({
                    value: role.key,
                    label: t(role.name),
                  }))}
                  onChange={(event) =>
                    setRole.mutate({
                      team: team.id,
                      user: member.id,
                      role: event.target.value,
                    })
                  }
                  className="w-40"
                />
              ) : (
                member.membership.role && (
                  <Badge>
                    {roleName(availableRoles, member.membership.role, t)}
                  </Badge>
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
            </>
          )}
        />
      </div>
      <ConfirmDialog
        open={removing !== null}
        title={t("Remove team member?")}
        confirmLabel={t("Remove")}
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(
            { team: team.id, user: removing.id },
            { onSettled: () => setRemoving(null) },
          )
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
