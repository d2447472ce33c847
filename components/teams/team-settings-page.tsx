"use client";

import { AddMemberForm } from "@/components/teams/add-member-form";
import { DeleteTeam } from "@/components/teams/delete-team";
import { TeamApps } from "@/components/teams/team-apps";
import { PendingInvitations } from "@/components/teams/pending-invitations";
import { TeamMemberList } from "@/components/teams/team-member-list";
import { TeamNameForm } from "@/components/teams/team-name-form";
import { ErrorAlert } from "@/components/ui/error-alert";
import { PageHeader } from "@/components/ui/page-header";
import { LoadingRows } from "@/components/ui/skeleton";
import { useT } from "@/lib/client/i18n";
import { useRouteQuery } from "@/lib/client/route-query";

/**
 * Jetstream's team settings (Teams/Show): the name, adding members, pending invitations, the
 * members, and deleting the team; each part shown only when the server's `permissions` for this
 * viewer allow it (decision record 105).
 */
export function TeamSettingsPage({ teamId }: { teamId: number }) {
  const t = useT();
  const team = useRouteQuery("teams.show", { team: teamId });
  const page = team.data;
  return (
    <>
      <PageHeader
        title={t("Team settings")}
        description={page ? page.team.name : undefined}
      />
      {team.isPending ? (
        <LoadingRows label={t("Loading the team…")} rows={3} />
      ) : !page ? (
        <ErrorAlert error={team.error} />
      ) : (
        <div className="max-w-3xl space-y-6">
          <TeamNameForm page={page} />
          {page.permissions.canAddTeamMembers && <AddMemberForm page={page} />}
          {page.permissions.canAddTeamMembers && (
            <PendingInvitations page={page} />
          )}
          <TeamMemberList page={page} />
          <TeamApps teamId={teamId} />
          {page.permissions.canDeleteTeam && !page.team.personal_team && (
            <DeleteTeam page={page} />
          )}
        </div>
      )}
    </>
  );
}
