"use client";

import type { UserActionHandlers } from "@/components/admin/user-actions";
import { UserCard } from "@/components/admin/user-card";
import { UserRow } from "@/components/admin/user-row";
import { DataTable } from "@/components/ui/data-table";
import type { AdminUser } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";

/**
 * The page of accounts: a table from `md` up, a list of cards below it, so that on a phone every
 * action is within reach without scrolling sideways (decision record 070). Only one of the two
 * is displayed; the other is `display: none`, out of the accessibility tree.
 */
export function UserList({
  users,
  busy,
  ...handlers
}: UserActionHandlers & { users: AdminUser[]; busy: boolean }) {
  const t = useT();
  return (
    <>
      <div className="hidden md:block">
        <DataTable
          label={t("Users")}
          columns={[
            { label: t("User") },
            { label: t("Role") },
            { label: t("Status") },
            { label: t("Two-factor") },
            { label: t("Joined") },
            { label: t("Actions"), srOnly: true },
          ]}
          busy={busy}
        >
          {users.map((user) => (
            <UserRow key={user.id} user={user} {...handlers} />
          ))}
        </DataTable>
      </div>
      <ul
        aria-label={t("Users")}
        aria-busy={busy}
        className="-mx-5 divide-y divide-zinc-100 border-y border-zinc-100 sm:-mx-6 md:hidden"
      >
        {users.map((user) => (
          <li key={user.id}>
            <UserCard user={user} {...handlers} />
          </li>
        ))}
      </ul>
    </>
  );
}
