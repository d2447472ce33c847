"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import { LoadingRows } from "@/components/ui/skeleton";
import { SessionList } from "@/components/profile/session-list";
import { useT } from "@/lib/client/i18n";
import { useRouteAllowed } from "@/lib/client/use-route-allowed";
import { useRouteMutation, useRouteQuery } from "@/lib/client/route-query";
import { TWO_FACTOR_ACTIONS as ACTIONS } from "@/lib/client/two-factor-actions";

/** Profile, "Browser sessions": where the account is signed in; end one, or all but this one (behind the step-up). */
export function BrowserSessions() {
  const t = useT();
  const sessions = useRouteQuery(ACTIONS.sessions);
  const endOne = useRouteMutation(ACTIONS.endSession, {
    toast: "That browser has been signed out.",
  });
  const endOthers = useRouteMutation(ACTIONS.endOtherSessions, {
    toast: "Other browsers have been signed out.",
  });
  const [confirming, setConfirming] = useState(false);
  const allowed = useRouteAllowed();
  const others = (sessions.data ?? []).filter(
    (session) => !session.current,
  ).length;

  return (
    <Card
      title={t("Browser sessions")}
      description={t(
        "Where your account is signed in. Sign out of any browser you do not recognise.",
      )}
      actions={
        others > 0 &&
        allowed("other-browser-sessions") && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setConfirming(true)}
          >
            {t("Sign out other browsers")}
          </Button>
        )
      }
    >
      <div className="space-y-4">
        <ErrorAlert
          error={
            sessions.error ??
            endOne.error ??
            (confirming ? null : endOthers.error)
          }
        />
        {sessions.isPending ? (
          <LoadingRows label={t("Loading sessions…")} rows={2} />
        ) : (
          sessions.data && (
            <SessionList
              sessions={sessions.data}
              ending={endOne.isPending ? String(endOne.variables.id) : null}
              onEnd={
                allowed("session-destroy")
                  ? (session) => endOne.mutate({ id: session.id })
                  : undefined
              }
              label={t("Browser sessions")}
            />
          )
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t("Sign out of all other browsers?")}
        confirmLabel={t("Sign out other browsers")}
        loading={endOthers.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          endOthers.mutate(undefined, { onSuccess: () => setConfirming(false) })
        }
      >
        <p>{t("Every browser but this one will need to sign in again.")}</p>
        {endOthers.error !== null && confirming && (
          <div className="mt-3">
            <ErrorAlert error={endOthers.error} />
          </div>
        )}
      </ConfirmDialog>
    </Card>
  );
}
