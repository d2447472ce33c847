"use client";

import { SessionList } from "@/components/profile/session-list";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { LoadingRows } from "@/components/ui/skeleton";
import type { AdminUser } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";
import { useRouteMutation, useRouteQuery } from "@/lib/client/route-query";

function Sessions({ user }: { user: AdminUser }) {
  const t = useT();
  const sessions = useRouteQuery("api.admin.users.sessions.index", {
    id: user.id,
  });
  const end = useRouteMutation("api.admin.users.sessions.destroy");
  return (
    <div className="space-y-4">
      <ErrorAlert error={sessions.error ?? end.error} />
      {sessions.isPending ? (
        <LoadingRows label={t("Loading sessions…")} rows={2} />
      ) : (
        sessions.data && (
          <SessionList
            sessions={sessions.data}
            label={t("Sessions of :name", { name: user.name })}
            ending={end.isPending ? String(end.variables.sessionId) : null}
            onEnd={(session) =>
              end.mutate({ id: user.id, sessionId: session.id })
            }
          />
        )
      )}
    </div>
  );
}

/** An account's signed-in browsers, for an administrator, each with an end button. */
export function UserSessionsDialog({
  user,
  onClose,
}: {
  user: AdminUser | null;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Dialog
      open={user !== null}
      size="xl"
      title={t("Sessions of :name", { name: user?.name ?? "" })}
      description={t("Signing a browser out ends that session at once.")}
      onClose={onClose}
      actions={
        <Button variant="secondary" onClick={onClose}>
          {t("Close")}
        </Button>
      }
    >
      {user && <Sessions key={user.id} user={user} />}
    </Dialog>
  );
}
