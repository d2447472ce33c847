"use client";

import type { ReactNode } from "react";
import {
  SettingsNav,
  type SettingsSection,
} from "@/components/settings/settings-nav";
import { PageHeader } from "@/components/ui/page-header";
import { useT } from "@/lib/client/i18n";

/** A settings area: its title, the sections' navigation, and the section shown. */
export function SettingsLayout({
  title,
  description,
  sections,
  children,
}: {
  title: string;
  description: string;
  sections: readonly SettingsSection[];
  children: ReactNode;
}) {
  const t = useT();
  return (
    <>
      <PageHeader title={t(title)} description={t(description)} />
      <div className="flex flex-col gap-6 lg:flex-row lg:gap-8">
        <SettingsNav label={t(title)} sections={sections} />
        <div className="min-w-0 flex-1 space-y-6">{children}</div>
      </div>
    </>
  );
}
