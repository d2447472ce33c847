"use client";

import { type FormEvent, useRef, useState } from "react";
import { NewTokenPanel } from "@/components/tokens/new-token-panel";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import type { Token } from "@/lib/client/contract";
import { formErrors } from "@/lib/client/form-errors";
import { useLocale, useT } from "@/lib/client/i18n";
import { useRouteMutation } from "@/lib/client/route-query";
import { useConfirmationNeeded } from "@/lib/client/use-confirmation-needed";

const GRACES = ["0", "3600", "86400", "604800"] as const;

/**
 * Rolls a token (decision record 045): the grace chosen, then the new secret shown once. When the
 * server's confirmation window has run out, the password is asked in this same form (decision
 * record 090), never in a dialog stacked on it; inside the window nothing is asked.
 */
export function RollTokenDialog({
  token,
  onClose,
}: {
  token: Token | null;
  onClose: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const roll = useRouteMutation("roll-token");
  // Confirmed, the step-up's status under the same path is read again (useConfirmationNeeded).
  const confirm = useRouteMutation("confirm-password");
  const needsPassword = useConfirmationNeeded("roll-token", token !== null);
  const password = useRef<HTMLInputElement>(null);
  const [grace, setGrace] = useState<string>("86400");
  const busy = roll.isPending || confirm.isPending;
  const errors = formErrors(confirm.error, ["password"], locale);
  const close = () => {
    roll.reset();
    confirm.reset();
    onClose();
  };
  const labels: Record<(typeof GRACES)[number], string> = {
    "0": t("Stops at once"),
    "3600": t("1 hour"),
    "86400": t("1 day"),
    "604800": t("7 days"),
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token || busy) return;
    const rollIt = () =>
      roll.mutate({ token_id: token.id, grace_seconds: Number(grace) });
    if (!needsPassword) return rollIt();
    confirm.mutate(
      { password: password.current?.value ?? "" },
      {
        onSuccess: rollIt,
        onError: () => password.current?.focus(),
      },
    );
  }

  if (roll.isSuccess)
    return (
      <Dialog open title={t("Token rolled")} onClose={close} actions={null}>
        <NewTokenPanel token={roll.data.token} onDone={close} />
      </Dialog>
    );
  return (
    <Dialog
      open={token !== null}
      title={t("Roll “:name”?", { name: token?.name ?? "" })}
      description={t(
        "A new secret with the same name, abilities and limits. The old one keeps working for the time you choose.",
      )}
      busy={busy}
      onClose={close}
      onSubmit={submit}
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            {t("Cancel")}
          </Button>
          <Button type="submit" loading={busy}>
            {t("Roll token")}
          </Button>
        </>
      }
    >
      <SelectField
        label={t("The old secret keeps working")}
        value={grace}
        onChange={(event) => setGrace(event.target.value)}
        options={GRACES.map((value) => ({ value, label: labels[value] }))}
      />
      {needsPassword && (
        <TextField
          ref={password}
          label={t("Current password")}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          hint={t("Rolling a token is a sensitive action: confirm it is you.")}
          error={errors.fields.password}
        />
      )}
      <ErrorAlert error={errors.general ?? roll.error} />
    </Dialog>
  );
}
