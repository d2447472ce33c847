"use client";

import { roleName } from "@/components/teams/role-name";
import Link from "next/link";
import { useState } from "react";
import { MakeOwnerDialog } from "@/components/admin/make-owner-dialog";
import { TeamPeople, TeamPerson } from "@/components/teams/team-people";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import { PageHeader } from "@/components/ui/page-header";
import { LoadingRows } from "@/components/ui/skeleton";
import { useT } from "@/lib/client/i18n";
import { useRouteMutation, useRouteQuery } from "@/lib/client/route-query";

type Person = { id: number; name: string };

/**
 * A team as an administrator sees it (decision record 106): the owner, the members with their
 * roles, and per member "Make owner" and "Remove from team". Both changes pass the step-up (the
 * API client's 423 dialog) and the user policy's `manage`, so a peer administrator's team answers
 * 403, shown above the list.
 */
export function AdminTeamPage({ teamId }: { teamId: number }) {
  const t = useT();
  // The team, its owner, members with roles, invitations and the declared roles.
  const query = useRouteQuery("api.admin.teams.show", { team: teamId });
  const remove = useRouteMutation("api.admin.teams.members.destroy", {
    toast: "The member has been removed from the team.",
  });
  const [removing, setRemoving] = useState<Person | null>(null);
  const [promoting, setPromoting] = useState<Person | null>(null);
  const page = query.data;

  return (
    <>
      <PageHeader
        title={page ? page.team.name : t("Team")}
        description={
          page?.team.personal_team ? t("A personal team.") : t("Team")
        }
        actions={
          <Link
            href="/admin/users"
            className={buttonClasses("secondary", "sm")}
          >
            {t("Back to users")}
          </Link>
        }
      />
      {query.isPending ? (
        <LoadingRows label={t("Loading the team…")} rows={3} />
      ) : !page ? (
        <ErrorAlert error={query.error} />
      ) : (
        <div className="max-w-3xl space-y-6">
          <Card title={t("Team owner")}>
            {page.owner ? (
              <TeamPerson person={page.owner} />
            ) : (
              <p className="text-sm text-zinc-600">
                {t("This team's owner no longer exists.")}
              </p>
            )}
          </Card>
          <Card title={t("Team members")}>
            <div className="space-y-4">
              <ErrorAlert error={remove.error} />
              <TeamPeople
                people={page.members}
                actions={(member) => (
                  <>
                    {member.role && (
                      <Badge>
                        {roleName(page?.availableRoles, member.role, t)}
                      </Badge>
                    )}
                    {!page.team.personal_team && (
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={t("Make owner: :name", {
                          name: member.name,
                        })}
                        onClick={() => setPromoting(member)}
                      >
                        {t("Make owner")}
                      </Button>
                    )}
                    <Button
                      variant="secondary-danger"
                      size="sm"
                      aria-label={t("Remove from team: :name", {
                        name: member.name,
                      })}
                      onClick={() => setRemoving(member)}
                    >
                      {t("Remove from team")}
                    </Button>
                  </>
                )}
              />
            </div>
          </Card>
          <ConfirmDialog
            open={removing !== null}
            title={t("Remove team member?")}
            confirmLabel={t("Remove from team")}
            loading={remove.isPending}
            onClose={() => setRemoving(null)}
            onConfirm={() =>
              removing &&
              remove.mutate(
                { team: teamId, user: removing.id },
                { onSettled: () => setRemoving(null) },
              )
            }
          >
            {removing &&
              t(
                ":name will no longer be part of :team, and their tokens for it stop working.",
                { name: removing.name, team: page.team.name },
              )}
          </ConfirmDialog>
          <MakeOwnerDialog
            page={page}
            member={promoting}
            onClose={() => setPromoting(null)}
          />
        </div>
      )}
    </>
  );
}
