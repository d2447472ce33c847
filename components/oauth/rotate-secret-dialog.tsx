"use client";

import { useState } from "react";
import { ClientSecretPanel } from "@/components/oauth/client-secret-panel";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import { SelectField } from "@/components/ui/select-field";
import { useT } from "@/lib/client/i18n";
import type { OAuthClient } from "@/lib/client/contract";
import { useRouteMutation } from "@/lib/client/route-query";

const OVERLAPS = ["0", "3600", "86400", "604800"] as const;

/** A new secret for a confidential client; the old one keeps working for the overlap chosen (one day by default). */
export function RotateSecretDialog({
  client,
  onClose,
}: {
  client: OAuthClient | null;
  onClose: () => void;
}) {
  const t = useT();
  // The previous secret keeps working `overlap_seconds` longer.
  const rotate = useRouteMutation("passport.clients.secret");
  const [overlap, setOverlap] = useState<string>("86400");
  const close = () => {
    rotate.reset();
    onClose();
  };
  const labels: Record<(typeof OVERLAPS)[number], string> = {
    "0": t("Stops at once"),
    "3600": t("1 hour"),
    "86400": t("1 day"),
    "604800": t("7 days"),
  };
  if (rotate.isSuccess)
    return (
      <Dialog open title={t("Secret rotated")} onClose={close} actions={null}>
        <ClientSecretPanel
          client={rotate.data}
          title={t("New secret")}
          onDone={close}
        />
      </Dialog>
    );
  return (
    <ConfirmDialog
      open={client !== null}
      title={t("Rotate the secret of “:name”?", { name: client?.name ?? "" })}
      confirmLabel={t("Rotate secret")}
      tone="primary"
      loading={rotate.isPending}
      onClose={close}
      onConfirm={() =>
        client &&
        rotate.mutate({ id: client.id, overlap_seconds: Number(overlap) })
      }
    >
      <div className="space-y-3">
        <p>
          {t(
            "A new secret is shown once. The old one keeps working for the time you choose, so the app can switch without downtime.",
          )}
        </p>
        <SelectField
          label={t("The old secret keeps working")}
          value={overlap}
          onChange={(event) => setOverlap(event.target.value)}
          options={OVERLAPS.map((value) => ({ value, label: labels[value] }))}
        />
        <ErrorAlert error={rotate.error} />
      </div>
    </ConfirmDialog>
  );
}
