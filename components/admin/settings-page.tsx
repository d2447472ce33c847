"use client";

import Link from "next/link";
import { EditableSetting } from "@/components/admin/editable-setting";
import { EnvironmentCard } from "@/components/admin/environment-card";
import { ProvidersCard } from "@/components/admin/providers-card";
import { sectionSettings } from "@/components/admin/setting-sections";
import { StartupSettingsCard } from "@/components/admin/startup-settings-card";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ErrorAlert } from "@/components/ui/error-alert";
import { PageHeader } from "@/components/ui/page-header";
import { LoadingRows } from "@/components/ui/skeleton";
import { useT } from "@/lib/client/i18n";
import { useAdminSettings } from "@/lib/client/use-settings";

/** The configuration in force: what administrators may change, then what is only shown. */
export function SettingsPage() {
  const t = useT();
  const listing = useAdminSettings();
  const sections = listing.data ? sectionSettings(listing.data.settings) : null;
  return (
    <>
      <PageHeader
        title={t("Settings")}
        description={t(
          "The configuration in force. Some of it can be changed here, without a restart.",
        )}
      />
      <div className="space-y-6">
        <ErrorAlert error={listing.error} />
        {listing.isPending && (
          <Card>
            <LoadingRows label={t("Loading settings…")} rows={6} />
          </Card>
        )}
        {listing.data && sections && (
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
            {sections.editable.map((section) => (
              <Card
                key={section.id}
                title={t(section.title)}
                description={t(section.text)}
              >
                <div className="divide-y divide-zinc-100">
                  {section.rows.map((row) => (
                    <EditableSetting key={row.key} row={row} />
                  ))}
                </div>
              </Card>
            ))}
            {sections.readOnly.length > 0 && (
              <StartupSettingsCard sections={sections.readOnly} />
            )}
            <EnvironmentCard rows={listing.data.environment} />
            <ProvidersCard providers={listing.data.providers} />
          </>
        )}
      </div>
    </>
  );
}
