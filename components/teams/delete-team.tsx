"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import type { TeamPage } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";
import { useDeleteTeam } from "@/lib/client/use-teams";

/**
 * Jetstream's DeleteTeamForm, for a viewer the server lets delete (`permissions.canDeleteTeam`)
 * and never a personal team (the server refuses it: `ValidateTeamDeletion`).
 */
export function DeleteTeam({ page }: { page: TeamPage }) {
  const t = useT();
  const remove = useDeleteTeam(page.team.id);
  const [open, setOpen] = useState(false);
  return (
    <Card
      title={t("Delete team")}
      description={t("Permanently delete this team.")}
      footer={
        <Button variant="danger" onClick={() => setOpen(true)}>
          {t("Delete team")}
        </Button>
      }
    >
      <div className="space-y-4">
        <p className="text-sm text-zinc-600">
          {t(
            "Once a team is deleted, all of its resources and data will be permanently deleted. Before deleting this team, please download any data or information regarding this team that you wish to retain.",
          )}
        </p>
        <ErrorAlert error={remove.error} />
      </div>
      <ConfirmDialog
        open={open}
        title={t("Delete :team?", { team: page.team.name })}
        confirmLabel={t("Delete team")}
        loading={remove.isPending}
        onClose={() => setOpen(false)}
        onConfirm={() =>
          remove.mutate(undefined, { onSettled: () => setOpen(false) })
        }
      >
        {t(
          "Every member loses access to it at once, and its pending invitations stop working. This cannot be undone.",
        )}
      </ConfirmDialog>
    </Card>
  );
}
