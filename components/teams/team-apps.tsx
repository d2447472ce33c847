"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { RotateSecretDialog } from "@/components/oauth/rotate-secret-dialog";
import { TeamAppForm } from "@/components/teams/team-app-form";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorAlert } from "@/components/ui/error-alert";
import { LoadingRows } from "@/components/ui/skeleton";
import { useT } from "@/lib/client/i18n";
import type { OAuthClient } from "@/lib/client/contract";
import { useRouteMutation, useRouteQuery } from "@/lib/client/route-query";
import { useTeamsWhereUserMay } from "@/lib/client/use-teams";

const TOKENS_SCREEN = "/admin/account/tokens";

/** One app's button: its visible word, and a name that says which app. */
function AppAction({
  label,
  name,
  danger = false,
  ...rest
}: {
  label: string;
  name: string;
  danger?: boolean;
  onClick: () => void;
  "data-edit"?: string;
}) {
  return (
    <Button
      variant={danger ? "ghost" : "secondary"}
      size="sm"
      className={danger ? "text-red-700" : ""}
      aria-label={name}
      {...rest}
    >
      {label}
    </Button>
  );
}

const mayFor = (teams: readonly { id: number }[], teamId: number) =>
  teams.some((team) => team.id === teamId);

/**
 * The team's OAuth apps (GET /oauth/clients?team_id=, decision record 110) for a viewer whose role
 * may `read` them: registered here by a role that may `create`, edited and its secret rotated by
 * one that may `update`, deleted by one that may `delete` (the server decides again); the team's
 * tokens are made on the tokens screen ("For").
 */
export function TeamApps({ teamId }: { teamId: number }) {
  const t = useT();
  const readable = mayFor(useTeamsWhereUserMay("read"), teamId);
  const creatable = mayFor(useTeamsWhereUserMay("create"), teamId);
  const updatable = mayFor(useTeamsWhereUserMay("update"), teamId);
  const deletable = mayFor(useTeamsWhereUserMay("delete"), teamId);
  const [editing, setEditing] = useState<string | null>(null);
  const [rotating, setRotating] = useState<OAuthClient | null>(null);
  // Back from an app's form, its Edit button takes the focus again, so the keyboard stays there.
  const list = useRef<HTMLUListElement>(null);
  const [edited, setEdited] = useState<string | null>(null);
  useEffect(() => {
    if (edited)
      list.current
        ?.querySelector<HTMLButtonElement>(`[data-edit="${edited}"]`)
        ?.focus();
  }, [edited]);
  const closeEdit = () => {
    setEdited(editing);
    setEditing(null);
  };
  const remove = useRouteMutation("passport.clients.destroy", {
    toast: "The app has been deleted.",
  });
  const [deleting, setDeleting] = useState<OAuthClient | null>(null);
  const apps = useRouteQuery(
    "passport.clients.index",
    { team_id: teamId },
    { enabled: readable },
  );
  if (!readable) return null;
  return (
    <Card
      title={t("Apps and tokens")}
      description={t(
        "The OAuth apps this team owns stay the team's when a member leaves, and go with the team.",
      )}
      footer={
        <Link href={TOKENS_SCREEN} className="text-sm font-medium underline">
          {t("Make a token for this team")}
        </Link>
      }
    >
      {apps.isPending ? (
        <LoadingRows label={t("Loading the team's apps…")} rows={2} />
      ) : apps.error ? (
        <ErrorAlert error={apps.error} />
      ) : apps.data.length === 0 ? (
        <EmptyState title={t("This team has no apps yet.")} />
      ) : (
        <ul ref={list} className="divide-y divide-zinc-200">
          {apps.data.map((app) =>
            editing === app.id ? (
              <li key={app.id} className="py-4">
                <h3 className="mb-3 font-medium wrap-break-word text-zinc-900">
                  {t("Edit :name", { name: app.name })}
                </h3>
                <TeamAppForm teamId={teamId} app={app} onDone={closeEdit} />
              </li>
            ) : (
              <li
                key={app.id}
                className="flex flex-wrap items-center justify-between gap-2 py-2.5 text-sm"
              >
                <span className="min-w-0">
                  <span className="font-medium text-zinc-900">{app.name}</span>{" "}
                  <code className="text-xs break-all text-zinc-500">
                    {app.id}
                  </code>
                </span>
                <span className="flex flex-wrap gap-2">
                  {updatable && (
                    <AppAction
                      label={t("Edit")}
                      name={t("Edit :name", { name: app.name })}
                      data-edit={app.id}
                      onClick={() => {
                        setEdited(null);
                        setEditing(app.id);
                      }}
                    />
                  )}
                  {updatable && app.confidential && (
                    <AppAction
                      label={t("Rotate secret")}
                      name={t("Rotate secret of :name", { name: app.name })}
                      onClick={() => setRotating(app)}
                    />
                  )}
                  {deletable && (
                    <AppAction
                      label={t("Delete")}
                      name={t("Delete the app :name", { name: app.name })}
                      danger
                      onClick={() => setDeleting(app)}
                    />
                  )}
                </span>
              </li>
            ),
          )}
        </ul>
      )}
      {creatable && <TeamAppForm teamId={teamId} />}
      <RotateSecretDialog client={rotating} onClose={() => setRotating(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("Delete the app :name?", { name: deleting?.name ?? "" })}
        confirmLabel={t("Delete app")}
        loading={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { id: deleting.id },
            { onSuccess: () => setDeleting(null) },
          )
        }
        onClose={() => setDeleting(null)}
      >
        <ErrorAlert error={remove.error} />
        {t("Every token the app holds stops working.")}
      </ConfirmDialog>
    </Card>
  );
}
