"use client";

import { useState } from "react";
import { NewTokenPanel } from "@/components/tokens/new-token-panel";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import { SelectField } from "@/components/ui/select-field";
import type { Token } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";
import { useRollToken } from "@/lib/client/use-tokens";

const GRACES = ["0", "3600", "86400", "604800"] as const;

/** Rolls a token (decision record 045): the grace chosen, then the new secret shown once. */
export function RollTokenDialog({
  token,
  onClose,
}: {
  token: Token | null;
  onClose: () => void;
}) {
  const t = useT();
  const roll = useRollToken();
  const [grace, setGrace] = useState<string>("86400");
  const close = () => {
    roll.reset();
    onClose();
  };
  const labels: Record<(typeof GRACES)[number], string> = {
    "0": t("Stops at once"),
    "3600": t("1 hour"),
    "86400": t("1 day"),
    "604800": t("7 days"),
  };
  if (roll.isSuccess)
    return (
      <Dialog open title={t("Token rolled")} onClose={close} actions={null}>
        <NewTokenPanel token={roll.data.token} onDone={close} />
      </Dialog>
    );
  return (
    <ConfirmDialog
      open={token !== null}
      title={t("Roll “:name”?", { name: token?.name ?? "" })}
      confirmLabel={t("Roll token")}
      tone="primary"
      loading={roll.isPending}
      onClose={close}
      onConfirm={() =>
        token &&
        roll.mutate({ token_id: token.id, grace_seconds: Number(grace) })
      }
    >
      <div className="space-y-3">
        <p>
          {t(
            "A new secret with the same name, abilities and limits. The old one keeps working for the time you choose.",
          )}
        </p>
        <SelectField
          label={t("The old secret keeps working")}
          value={grace}
          onChange={(event) => setGrace(event.target.value)}
          options={GRACES.map((value) => ({ value, label: labels[value] }))}
        />
        <ErrorAlert error={roll.error} />
      </div>
    </ConfirmDialog>
  );
}
