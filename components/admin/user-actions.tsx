"use client";

import { ActionMenu, type MenuAction } from "@/components/ui/action-menu";
import { Button } from "@/components/ui/button";
import type { AdminUser } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";

export type UserAction =
  "impersonate" | "delete" | "restore" | "reset-two-factor";

export type UserActionHandlers = {
  canImpersonate: boolean;
  onAction: (user: AdminUser, action: UserAction) => void;
  onSessions: (user: AdminUser) => void;
  onTokens: (user: AdminUser) => void;
};

/**
 * What the policy lets this administrator do to one account, each named with the account's name:
 * the same set in a row of the table and on a phone's card. One action stays in sight (acting as
 * the user, or restoring a deleted account); the others sit behind one "more" button, the
 * dangerous ones last (decision record 090 §7), so a row is one line with at most one button
 * and no red words.
 */
export function UserActions({
  user,
  canImpersonate,
  onAction,
  onSessions,
  onTokens,
  align = "right",
}: UserActionHandlers & { user: AdminUser; align?: "left" | "right" }) {
  const t = useT();
  const isDeleted = user.deleted_at !== null;
  const name = { name: user.name };
  const menu: (MenuAction | false)[] = [
    user.can.manage && {
      key: "sessions",
      label: t("Sessions"),
      ariaLabel: t("Sessions of :name", name),
      onSelect: () => onSessions(user),
    },
    !isDeleted && {
      key: "tokens",
      label: t("Tokens"),
      ariaLabel: t("Tokens of :name", name),
      onSelect: () => onTokens(user),
    },
    user.can.manage &&
      user.two_factor_enabled && {
        key: "reset-two-factor",
        label: t("Reset two-factor"),
        ariaLabel: t("Reset two-factor for :name", name),
        danger: true,
        onSelect: () => onAction(user, "reset-two-factor"),
      },
    !isDeleted &&
      user.can.delete && {
        key: "delete",
        label: t("Delete"),
        ariaLabel: t("Delete :name", name),
        danger: true,
        onSelect: () => onAction(user, "delete"),
      },
  ];
  const inSight: UserAction | null =
    !isDeleted && canImpersonate && user.can.impersonate
      ? "impersonate"
      : isDeleted && user.can.restore
        ? "restore"
        : null;
  return (
    <div
      className={`flex items-center gap-1 ${align === "right" ? "justify-end" : "-ml-2"}`}
    >
      {inSight === "impersonate" && (
        <Button
          variant="ghost-accent"
          size="sm"
          onClick={() => onAction(user, "impersonate")}
          aria-label={t("Impersonate :name", name)}
        >
          {t("Impersonate")}
        </Button>
      )}
      {inSight === "restore" && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onAction(user, "restore")}
          aria-label={t("Restore :name", name)}
        >
          {t("Restore")}
        </Button>
      )}
      <ActionMenu
        label={t("More actions for :name", name)}
        actions={menu.filter((action) => action !== false)}
        align={align}
      />
    </div>
  );
}
