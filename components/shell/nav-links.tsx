"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useId, useRef } from "react";
import { ADMIN_SETTINGS_PATH } from "@/components/admin/settings/admin-sections";
import { ACCOUNT_SETTINGS_PATH } from "@/components/settings/account-sections";
import { Icon, type IconName } from "@/components/ui/icon";
import { useT } from "@/lib/client/i18n";

/** `area`: the item is current on every address under it (a settings area's sections). */
type Item = { href: string; label: string; icon: IconName; area?: string };

const ACCOUNT: Item[] = [
  { href: "/admin", label: "Dashboard", icon: "home" },
  {
    href: ACCOUNT_SETTINGS_PATH,
    label: "Account settings",
    icon: "user",
    area: "/admin/account/",
  },
];

const ADMINISTRATION: Item[] = [
  { href: "/admin/users", label: "Users", icon: "users" },
  { href: "/admin/activity", label: "Activity", icon: "activity" },
  {
    href: ADMIN_SETTINGS_PATH,
    label: "Settings",
    icon: "cog",
    area: "/admin/settings/",
  },
  { href: "/admin/mail", label: "Mail", icon: "mail" },
  { href: "/admin/webhooks", label: "Webhooks", icon: "bolt" },
  { href: "/admin/oauth-clients", label: "OAuth clients", icon: "key" },
  { href: "/admin/oauth-resources", label: "API resources", icon: "shield" },
];

function NavItem({ item, layout }: { item: Item; layout: "sidebar" | "tabs" }) {
  const t = useT();
  const pathname = usePathname();
  const isActive =
    pathname === item.href ||
    (item.area !== undefined && pathname.startsWith(item.area));
  const link = useRef<HTMLAnchorElement>(null);
  // On narrow screens the tabs scroll sideways: keep the current one in view.
  useEffect(() => {
    if (isActive && layout === "tabs")
      link.current?.scrollIntoView({ block: "nearest", inline: "center" });
  }, [isActive, layout]);
  const base =
    layout === "sidebar"
      ? "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium"
      : "flex items-center gap-2 whitespace-nowrap rounded-lg px-3 py-1.5 text-sm font-medium";
  const tone = isActive
    ? "bg-indigo-50 text-indigo-700"
    : "text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900";
  return (
    <li>
      <Link
        ref={link}
        href={item.href}
        aria-current={isActive ? "page" : undefined}
        className={`${base} ${tone}`}
      >
        <Icon
          name={item.icon}
          className={`size-5 ${isActive ? "text-indigo-600" : "text-zinc-400"}`}
        />
        {t(item.label)}
      </Link>
    </li>
  );
}

/** The main navigation: a sidebar on wide screens, a scrolling row of tabs on narrow ones. */
export function NavLinks({
  isAdmin,
  layout,
}: {
  isAdmin: boolean;
  layout: "sidebar" | "tabs";
}) {
  const t = useT();
  const headingId = useId();
  if (layout === "tabs") {
    // The row scrolls sideways; its faded right edge shows there is more.
    return (
      <div className="relative">
        <ul className="flex gap-1 overflow-x-auto px-4 py-2 pr-10">
          {[...ACCOUNT, ...(isAdmin ? ADMINISTRATION : [])].map((item) => (
            <NavItem key={item.href} item={item} layout="tabs" />
          ))}
        </ul>
        <div
          aria-hidden
          className="pointer-events-none absolute inset-y-0 right-0 w-10 bg-gradient-to-l from-white"
        />
      </div>
    );
  }
  return (
    <div className="space-y-8">
      <ul className="space-y-1">
        {ACCOUNT.map((item) => (
          <NavItem key={item.href} item={item} layout="sidebar" />
        ))}
      </ul>
      {isAdmin && (
        <div>
          {/* Small uppercase words need the full 4.5:1 contrast on the page's zinc-50 (zinc-400 gave 2.5:1). */}
          <p
            id={headingId}
            className="px-3 text-xs font-semibold tracking-wide text-zinc-500 uppercase"
          >
            {t("Administration")}
          </p>
          <ul aria-labelledby={headingId} className="mt-2 space-y-1">
            {ADMINISTRATION.map((item) => (
              <NavItem key={item.href} item={item} layout="sidebar" />
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
