"use client";

import Link from "next/link";
import { Avatar } from "@/components/ui/avatar";
import { avatarOf } from "@/lib/client/avatar";
import type { User } from "@/lib/client/contract";
import { useT } from "@/lib/client/i18n";

/**
 * Who is signed in, linking to their profile. The link is named by what it shows (WCAG 2.5.3
 * Label in Name: a speech user says the name they see), then what it leads to; on phones the
 * words are visually hidden but still name it.
 */
export function UserMenu({ user }: { user: User }) {
  const t = useT();
  return (
    <Link
      href="/admin/profile"
      className="flex items-center gap-3 rounded-lg px-2 py-1 hover:bg-zinc-100"
    >
      <Avatar name={user.name} src={avatarOf(user)} size="sm" />
      <span className="min-w-0 text-left max-md:sr-only">
        <span className="block max-w-48 truncate text-sm font-medium text-zinc-900">
          {user.name}
        </span>
        <span className="block max-w-48 truncate text-xs text-zinc-500">
          {user.email}
        </span>
      </span>
      <span className="sr-only">{t("(your profile)")}</span>
    </Link>
  );
}
