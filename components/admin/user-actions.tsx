"use client";

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
 * What the policy lets this administrator do to one account, each button named with the
 * account's name: the same set in a row of the table and on a phone's card.
 */
export function UserActions({
  user,
  canImpersonate,
  onAction,
  onSessions,
  onTokens,
  className = "",
}: UserActionHandlers & { user: AdminUser; className?: string }) {
  const t = useT();
  const isDeleted = user.deleted_at !== null;
  return (
    <div className={`flex flex-wrap gap-1 ${className}`}>
      {!isDeleted && canImpersonate && user.can.impersonate && (
        <Button
          variant="ghost-accent"
          size="sm"
          onClick={() => onAction(user, "impersonate")}
          aria-label={t("Impersonate :name", { name: user.name })}
        >
          {t("Impersonate")}
        </Button>
      )}
      {user.can.manage && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onSessions(user)}
          aria-label={t("Sessions of :name", { name: user.name })}
        >
          {t("Sessions")}
        </Button>
      )}
      {!isDeleted && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onTokens(user)}
          aria-label={t("Tokens of :name", { name: user.name })}
        >
          {t("Tokens")}
        </Button>
      )}
      {user.can.manage && user.two_factor_enabled && (
        <Button
          variant="ghost-danger"
          size="sm"
          onClick={() => onAction(user, "reset-two-factor")}
          aria-label={t("Reset two-factor for :name", { name: user.name })}
        >
          {t("Reset two-factor")}
        </Button>
      )}
      {!isDeleted && user.can.delete && (
        <Button
          variant="ghost-danger"
          size="sm"
          onClick={() => onAction(user, "delete")}
          aria-label={t("Delete :name", { name: user.name })}
        >
          {t("Delete")}
        </Button>
      )}
      {isDeleted && user.can.restore && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onAction(user, "restore")}
          aria-label={t("Restore :name", { name: user.name })}
        >
          {t("Restore")}
        </Button>
      )}
    </div>
  );
}
