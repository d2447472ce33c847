"use client";

import { useId } from "react";
import {
  UserActions,
  type UserActionHandlers,
} from "@/components/admin/user-actions";
import { UserStatusBadge } from "@/components/admin/user-status-badge";
import { UserTeams } from "@/components/admin/user-teams";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { avatarOf } from "@/lib/client/avatar";
import type { AdminUser } from "@/lib/client/contract";
import { useFormatDate, useT } from "@/lib/client/i18n";

/**
 * One account on a phone (below `md`, where the table's actions would be off-screen): who, the
 * badges the table has in columns, and the actions under them, all within reach.
 */
export function UserCard({
  user,
  ...handlers
}: UserActionHandlers & { user: AdminUser }) {
  const t = useT();
  const formatDate = useFormatDate();
  const nameId = useId();
  const emailId = useId();
  return (
    <article
      aria-labelledby={`${nameId} ${emailId}`}
      className={`space-y-3 px-5 py-4 sm:px-6 ${user.deleted_at !== null ? "bg-zinc-50/70" : ""}`}
    >
      <div className="flex items-center gap-3">
        <Avatar name={user.name} src={avatarOf(user)} size="sm" />
        <div className="min-w-0 text-sm">
          <p id={nameId} className="truncate font-medium text-zinc-900">
            {user.name}
          </p>
          <p id={emailId} className="truncate text-zinc-500">
            {user.email}
          </p>
          {user.teams && <UserTeams name={user.name} teams={user.teams} />}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-xs text-zinc-600">
        {user.is_admin && <Badge tone="indigo">{t("Administrator")}</Badge>}
        <UserStatusBadge user={user} />
        <Badge tone={user.two_factor_enabled ? "green" : "gray"}>
          {t(user.two_factor_enabled ? "Two-factor on" : "Two-factor off")}
        </Badge>
        <span>
          {t("Joined :date", {
            date: formatDate(user.created_at, { dateStyle: "medium" }),
          })}
        </span>
      </div>
      <UserActions user={user} {...handlers} align="left" />
    </article>
  );
}
