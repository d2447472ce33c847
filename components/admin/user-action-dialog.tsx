"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { UserAction } from "@/components/admin/user-actions";
import type { AdminUser } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";

const COPY: Record<
  UserAction,
  { title: string; text: string; confirm: string; tone: "danger" | "primary" }
> = {
  impersonate: {
    title: "Act as :name?",
    text: "You will use the application as :name until you return to your account.",
    confirm: "Impersonate",
    tone: "primary",
  },
  delete: {
    title: "Delete :name?",
    text: "The account is deactivated and can no longer sign in. You can restore it later.",
    confirm: "Delete user",
    tone: "danger",
  },
  restore: {
    title: "Restore :name?",
    text: "The account can sign in again.",
    confirm: "Restore user",
    tone: "primary",
  },
  "reset-two-factor": {
    title: "Reset two-factor authentication for :name?",
    text: "Their second factor and recovery codes are removed: they sign in with their password alone until they set it up again. They are told by email.",
    confirm: "Reset two-factor",
    tone: "danger",
  },
};

type Props = {
  pending: { user: AdminUser; action: UserAction } | null;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before acting on an account. */
export function UserActionDialog({
  pending,
  loading,
  onConfirm,
  onClose,
}: Props) {
  const t = useT();
  const copy = COPY[pending?.action ?? "delete"];
  const name = pending?.user.name ?? "";
  return (
    <ConfirmDialog
      open={pending !== null}
      title={t(copy.title, { name })}
      confirmLabel={t(copy.confirm)}
      tone={copy.tone}
      loading={loading}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {t(copy.text, { name })}
    </ConfirmDialog>
  );
}
