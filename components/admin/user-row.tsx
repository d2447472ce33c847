"use client";

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

/** One account in the table (from `md` up): who, role, state, and its actions. */
export function UserRow({
  user,
  ...handlers
}: UserActionHandlers & { user: AdminUser }) {
  const t = useT();
  const formatDate = useFormatDate();
  const isDeleted = user.deleted_at !== null;
  return (
    <tr className={isDeleted ? "bg-zinc-50/70" : undefined}>
      <th scope="row" className="px-5 py-3 text-left font-normal sm:px-6">
        <div className="flex items-center gap-3">
          <Avatar name={user.name} src={avatarOf(user)} size="sm" />
          <div className="min-w-0">
            <p className="truncate font-medium text-zinc-900">{user.name}</p>
            <p className="truncate text-zinc-500">{user.email}</p>
            {user.teams && <UserTeams name={user.name} teams={user.teams} />}
          </div>
        </div>
      </th>
      <td className="px-3 py-3">
        {user.is_admin ? (
          <Badge tone="indigo">{t("Administrator")}</Badge>
        ) : (
          <span className="text-zinc-600">{t("User")}</span>
        )}
      </td>
      <td className="px-3 py-3">
        <UserStatusBadge user={user} />
      </td>
      <td className="px-3 py-3">
        {user.two_factor_enabled ? (
          <Badge tone="green">{t("On")}</Badge>
        ) : (
          <Badge tone="gray">{t("Off")}</Badge>
        )}
      </td>
      <td className="px-3 py-3 whitespace-nowrap text-zinc-600">
        {formatDate(user.created_at, { dateStyle: "medium" })}
      </td>
      <td className="px-5 py-3 sm:px-6">
        <UserActions user={user} {...handlers} />
      </td>
    </tr>
  );
}
