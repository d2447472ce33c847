"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { EnvironmentCard } from "@/components/admin/environment-card";
import { ProvidersCard } from "@/components/admin/providers-card";
import { sectionRows } from "@/components/admin/setting-sections";
import { SectionForm } from "@/components/admin/settings/section-form";
import { ADMIN_SECTIONS } from "@/components/admin/settings/admin-sections";
import { StartupSettingsCard } from "@/components/admin/startup-settings-card";
import { SettingsLayout } from "@/components/settings/settings-layout";
import { AdminOnly } from "@/components/shell/admin-only";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorAlert } from "@/components/ui/error-alert";
import { LoadingRows } from "@/components/ui/skeleton";
import { useT } from "@/lib/client/i18n";
import { useAdminSettings } from "@/lib/client/use-settings";
import type { SettingsSectionDeclaration } from "@/lib/settings/sections";

/** The administrators' settings area: its navigation around the section shown. */
export function AdminSettingsLayout({ children }: { children: ReactNode }) {
  return (
    <AdminOnly>
      <SettingsLayout
        title="Settings"
        description="The configuration in force. Some of it can be changed here, without a restart."
        sections={ADMIN_SECTIONS}
      >
        {children}
      </SettingsLayout>
    </AdminOnly>
  );
}

/** One section: what administrators may change in it, then what is only shown. */
export function SettingsSectionPage({
  section,
}: {
  section: SettingsSectionDeclaration;
}) {
  const t = useT();
  const listing = useAdminSettings();
  if (listing.error) return <ErrorAlert error={listing.error} />;
  if (!listing.data)
    return (
      <Card>
        <LoadingRows label={t("Loading settings…")} rows={6} />
      </Card>
    );
  const { editable, readOnly } = sectionRows(listing.data.settings, section);
  return (
    <>
      {editable.length > 0 && (
        <>
          <Alert
            tone="info"
            action={
              <Link
                href="/admin/activity"
                className={buttonClasses("ghost-accent", "sm")}
              >
                {t("View activity")}
              </Link>
            }
          >
            {t(
              "Changes take effect on every instance within :seconds seconds and are recorded in the activity log.",
              { seconds: listing.data.refresh_seconds },
            )}
          </Alert>
          <SectionForm
            title={section.title}
            text={section.text}
            rows={editable}
          />
        </>
      )}
      {readOnly.length > 0 && <StartupSettingsCard sections={readOnly} />}
      {section.id === "environment" && (
        <>
          <EnvironmentCard rows={listing.data.environment} />
          <ProvidersCard providers={listing.data.providers} />
        </>
      )}
    </>
  );
}
