"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { Icon, type IconName } from "@/components/ui/icon";
import { useT } from "@/lib/client/i18n";

export type SettingsSection = { href: string; label: string; icon: IconName };

/**
 * The sections of a settings area, each its own address: a column on wide screens, a row of tabs
 * on narrow ones that scrolls sideways, its edge faded to show there is more.
 */
export function SettingsNav({
  label,
  sections,
}: {
  label: string;
  sections: readonly SettingsSection[];
}) {
  const t = useT();
  const pathname = usePathname();
  return (
    <nav aria-label={label} className="relative lg:w-52 lg:shrink-0">
      <ul className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1 max-lg:pr-8 lg:flex-col lg:overflow-visible">
        {sections.map((section) => {
          const isActive = pathname === section.href;
          return (
            <li key={section.href}>
              <Link
                href={section.href}
                aria-current={isActive ? "page" : undefined}
                className={`flex items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap ${
                  isActive
                    ? "bg-white text-indigo-700 shadow-sm ring-1 ring-zinc-200"
                    : "text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900"
                }`}
              >
                <Icon
                  name={section.icon}
                  className={`size-4.5 ${isActive ? "text-indigo-600" : "text-zinc-500"}`}
                />
                {t(section.label)}
              </Link>
            </li>
          );
        })}
      </ul>
      <div
        aria-hidden
        className="pointer-events-none absolute inset-y-0 right-0 w-8 bg-gradient-to-l from-zinc-50 lg:hidden"
      />
    </nav>
  );
}
