"use client";

import { useState } from "react";
import { AddPasskeyForm } from "@/components/profile/passkeys/add-passkey-form";
import { PasskeyList } from "@/components/profile/passkeys/passkey-list";
import { RenamePasskeyDialog } from "@/components/profile/passkeys/rename-passkey-dialog";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorAlert } from "@/components/ui/error-alert";
import { LoadingRows } from "@/components/ui/skeleton";
import type { Passkey } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";
import { usePasskeysUsable } from "@/lib/client/use-passkeys-usable";
import { useRouteAllowed } from "@/lib/client/use-route-allowed";
import { useRouteMutation } from "@/lib/client/route-query";
import { useAddPasskey, usePasskeys } from "@/lib/client/use-passkeys";
import { useSignInMethods } from "@/lib/client/use-passkey-first";

/** Profile, "Passkeys": the list, add one, rename, delete (behind the step-up). The password stays. */
export function PasskeysCard() {
  const t = useT();
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  // A 423 opens the step-up dialog, and the call goes again.
  const remove = useRouteMutation("passkey-destroy", {
    toast: "Passkey deleted.",
  });
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [deleting, setDeleting] = useState<Passkey | null>(null);
  // Listed, renamed and deleted anywhere; created only where a ceremony can work (record 070).
  const canCeremony = usePasskeysUsable();
  const allowed = useRouteAllowed();
  const mayAdd = allowed("passkey-store");
  const canAdd = canCeremony && mayAdd;
  // An account without a password keeps its last passkey (decision record 107).
  const hasPassword = useSignInMethods().data?.password !== false;

  return (
    <Card
      title={t("Passkeys")}
      description={t(
        hasPassword
          ? "Sign in with your fingerprint, face or screen lock instead of typing your password. Your password keeps working."
          : "Sign in with your fingerprint, face or screen lock. Your account has no password, so its last passkey cannot be deleted.",
      )}
      actions={
        canAdd &&
        !adding && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              add.reset();
              setAdding(true);
            }}
          >
            {t("Add a passkey")}
          </Button>
        )
      }
    >
      <div className="space-y-4">
        {mayAdd && !canCeremony && (
          <p className="text-sm text-zinc-500">
            {t("Passkeys cannot be added from this browser or address.")}
          </p>
        )}
        <ErrorAlert
          error={passkeys.error ?? (deleting ? null : remove.error)}
        />
        {adding && (
          <AddPasskeyForm
            add={add}
            onCancel={() => setAdding(false)}
            onAdded={() => setAdding(false)}
          />
        )}
        {passkeys.isPending ? (
          <LoadingRows label={t("Loading passkeys…")} rows={2} />
        ) : (
          passkeys.data && (
            <PasskeyList
              passkeys={passkeys.data}
              onRename={setRenaming}
              onDelete={
                allowed("passkey-destroy")
                  ? (passkey) => (remove.reset(), setDeleting(passkey))
                  : undefined
              }
            />
          )
        )}
      </div>
      <RenamePasskeyDialog
        passkey={renaming}
        onClose={() => setRenaming(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t("Delete the passkey “:name”?", { name: deleting?.name ?? "" })}
        confirmLabel={t("Delete passkey")}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { passkey: deleting.id },
            {
              onSuccess: () => setDeleting(null),
            },
          )
        }
      >
        <p>
          {t(
            "You will no longer be able to sign in with it. Remove it from your device too.",
          )}
        </p>
        {remove.error !== null && deleting && (
          <div className="mt-3">
            <ErrorAlert error={remove.error} />
          </div>
        )}
      </ConfirmDialog>
    </Card>
  );
}
