"use client";

import { type FormEvent, useState } from "react";
import { RoleChoice } from "@/components/teams/role-choice";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import type { RouteOutput } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";
import { useRouteMutation } from "@/lib/client/route-query";

/**
 * Hands a team to one of its members. The previous owner stays as a member with a role the
 * administrator chooses from the declared ones; none is chosen beforehand, as the server has no
 * default for it (decision record 106, as record 100 decided for `--role`).
 */
export function MakeOwnerDialog({
  page,
  member,
  onClose,
}: {
  page: RouteOutput<"api.admin.teams.show">;
  member: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const t = useT();
  const transfer = useRouteMutation("api.admin.teams.owner.update", {
    toast: "The team has a new owner.",
  });
  const [missing, setMissing] = useState(false);

  function close() {
    setMissing(false);
    transfer.reset();
    onClose();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const role = new FormData(event.currentTarget).get("role");
    if (!member || transfer.isPending) return;
    if (typeof role !== "string" || role === "") {
      setMissing(true);
      return;
    }
    setMissing(false);
    transfer.mutate(
      { team: page.team.id, user_id: member.id, previous_owner_role: role },
      { onSuccess: close },
    );
  }

  return (
    <Dialog
      open={member !== null}
      title={t("Make owner?")}
      description={
        member &&
        t(":name becomes the owner of :team.", {
          name: member.name,
          team: page.team.name,
        })
      }
      busy={transfer.isPending}
      onClose={close}
      onSubmit={submit}
      actions={
        <>
          <Button
            variant="secondary"
            onClick={close}
            disabled={transfer.isPending}
          >
            {t("Cancel")}
          </Button>
          <Button type="submit" loading={transfer.isPending}>
            {t("Make owner")}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <ErrorAlert error={transfer.error} />
        <p className="text-sm text-zinc-600">
          {t("The role :name keeps as a member:", {
            name: page.owner?.name ?? t("The previous owner"),
          })}
        </p>
        <RoleChoice
          roles={page.availableRoles}
          error={
            missing ? t("Choose the role the previous owner keeps.") : undefined
          }
        />
      </div>
    </Dialog>
  );
}
