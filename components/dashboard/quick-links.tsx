"use client";

import Link from "next/link";
import { ADMIN_SETTINGS_PATH } from "@/components/admin/settings/admin-sections";
import { ACCOUNT_SETTINGS_PATH } from "@/components/settings/account-sections";
import { Icon, type IconName } from "@/components/ui/icon";
import { useT } from "@/lib/client/i18n";

type QuickLink = { href: string; title: string; text: string; icon: IconName };

const LINKS: QuickLink[] = [
  {
    href: ACCOUNT_SETTINGS_PATH,
    title: "Profile",
    text: "Your name, email address, photo and password.",
    icon: "user",
  },
  {
    href: "/admin/account/tokens",
    title: "API tokens",
    text: "Personal access tokens for scripts and integrations.",
    icon: "key",
  },
];

const ADMIN_LINKS: QuickLink[] = [
  {
    href: "/admin/users",
    title: "Users",
    text: "Search accounts, act as a user, delete and restore.",
    icon: "users",
  },
  {
    href: "/admin/activity",
    title: "Activity",
    text: "The audit log: sign-ins, tokens, impersonation.",
    icon: "activity",
  },
  {
    href: ADMIN_SETTINGS_PATH,
    title: "Settings",
    text: "Registration, password rules, limits and administrators, changed without a restart.",
    icon: "cog",
  },
  {
    href: "/admin/mail",
    title: "Mail",
    text: "Messages waiting to be sent, and failed ones to retry.",
    icon: "mail",
  },
];

export function QuickLinks({ isAdmin }: { isAdmin: boolean }) {
  const t = useT();
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {[...LINKS, ...(isAdmin ? ADMIN_LINKS : [])].map((link) => (
        <li key={link.href}>
          <Link
            href={link.href}
            className="group flex h-full gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-zinc-200 transition hover:shadow-md hover:ring-indigo-200"
          >
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600 group-hover:bg-indigo-100">
              <Icon name={link.icon} />
            </span>
            <span>
              <span className="block text-sm font-semibold text-zinc-900">
                {t(link.title)}
              </span>
              <span className="mt-1 block text-sm text-zinc-500">
                {t(link.text)}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
