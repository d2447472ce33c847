"use client";

import Link from "next/link";
import { type ReactNode, useState } from "react";
import { useSettingLabel } from "@/components/admin/editable-setting";
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
import { TextField } from "@/components/ui/text-field";
import { useT } from "@/lib/client/i18n";
import { useRouteQuery } from "@/lib/client/route-query";
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

/** Past this many settings a section offers a search box. */
const SEARCH_FROM = 8;
/**
 * Past this many editable settings the form starts folded: the routes' redirects (one per
 * action, over 40). Limits, with its limiters and challenges, has 22 and stays open.
 */
const FOLD_FROM = 30;

/** One section: what administrators may change in it, then what is only shown. */
export function SettingsSectionPage({
  section,
}: {
  section: SettingsSectionDeclaration;
}) {
  const t = useT();
  const labelOf = useSettingLabel();
  const [query, setQuery] = useState("");
  // The effective configuration, the environment and the social providers (secrets masked).
  const listing = useRouteQuery("api.admin.settings");
  if (listing.error) return <ErrorAlert error={listing.error} />;
  if (!listing.data)
    return (
      <Card>
        <LoadingRows label={t("Loading settings…")} rows={6} />
      </Card>
    );
  const all = sectionRows(listing.data.settings, section);
  // The search matches what a person reads (the label in their language) and the key.
  const needle = query.trim().toLowerCase();
  const matches = (key: string) =>
    needle === "" ||
    key.toLowerCase().includes(needle) ||
    labelOf(key).toLowerCase().includes(needle);
  const editable = all.editable.filter((row) => matches(row.key));
  const readOnly = all.readOnly
    .map((group) => ({
      ...group,
      rows: group.rows.filter((row) => matches(row.key)),
    }))
    .filter((group) => group.rows.length > 0);
  const total =
    all.editable.length +
    all.readOnly.reduce((sum, group) => sum + group.rows.length, 0);
  return (
    <>
      {total > SEARCH_FROM && (
        <TextField
          label={t("Find a setting")}
          name="settings-search"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      )}
      {needle !== "" && editable.length === 0 && readOnly.length === 0 && (
        <p role="status" className="text-sm text-zinc-600">
          {t("No setting matches “:query”.", { query: query.trim() })}
        </p>
      )}
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
            isCollapsible={needle === "" && editable.length > FOLD_FROM}
          />
        </>
      )}
      {readOnly.length > 0 && (
        <StartupSettingsCard sections={readOnly} isOpen={needle !== ""} />
      )}
      {section.id === "environment" && (
        <>
          <EnvironmentCard rows={listing.data.environment} />
          <ProvidersCard providers={listing.data.providers} />
        </>
      )}
    </>
  );
}
