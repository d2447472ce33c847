"use client";

import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { avatarOf } from "@/lib/client/avatar";
import type { AdminUser } from "@/lib/client/contract";
import { useFormatDate, useT } from "@/lib/client/i18n";

export type UserAction =
  "impersonate" | "delete" | "restore" | "reset-two-factor";

type Props = {
  user: AdminUser;
  canImpersonate: boolean;
  onAction: (user: AdminUser, action: UserAction) => void;
  onSessions: (user: AdminUser) => void;
  onTokens: (user: AdminUser) => void;
};

/** One account: who, role, state, and what the policy lets this administrator do. */
export function UserRow({
  user,
  canImpersonate,
  onAction,
  onSessions,
  onTokens,
}: Props) {
  const t = useT();
  const formatDate = useFormatDate();
  const isDeleted = user.deleted_at !== null;
  return (
    <tr className={isDeleted ? "bg-zinc-50/70" : undefined}>
      <th
        scope="row"
        className="max-w-56 px-5 py-3 text-left font-normal sm:max-w-none sm:px-6"
      >
        <div className="flex items-center gap-3">
          <Avatar name={user.name} src={avatarOf(user)} size="sm" />
          <div className="min-w-0">
            <p className="truncate font-medium text-zinc-900">{user.name}</p>
            <p className="truncate text-zinc-500">{user.email}</p>
          </div>
        </div>
      </th>
      <td className="hidden px-3 py-3 md:table-cell">
        {user.is_admin ? (
          <Badge tone="indigo">{t("Administrator")}</Badge>
        ) : (
          <span className="text-zinc-600">{t("User")}</span>
        )}
      </td>
      <td className="px-3 py-3">
        {isDeleted ? (
          <Badge tone="red">{t("Deleted")}</Badge>
        ) : user.email_verified_at ? (
          <Badge tone="green">{t("Verified")}</Badge>
        ) : (
          <Badge tone="amber">{t("Unverified")}</Badge>
        )}
      </td>
      <td className="px-3 py-3">
        {user.two_factor_enabled ? (
          <Badge tone="green">{t("On")}</Badge>
        ) : (
          <Badge tone="gray">{t("Off")}</Badge>
        )}
      </td>
      <td className="hidden px-3 py-3 whitespace-nowrap text-zinc-600 md:table-cell">
        {formatDate(user.created_at, { dateStyle: "medium" })}
      </td>
      <td className="px-5 py-3 sm:px-6">
        <div className="flex flex-wrap justify-end gap-1">
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
      </td>
    </tr>
  );
}
