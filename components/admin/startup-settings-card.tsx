"use client";

import { useId } from "react";
import { ReadOnlySettings } from "@/components/admin/read-only-settings";
import { RouteSettings } from "@/components/admin/route-table";
import type { SettingSection } from "@/components/admin/setting-sections";
import { Card } from "@/components/ui/card";
import { useT } from "@/lib/client/i18n";

function Group({ section }: { section: SettingSection }) {
  const t = useT();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-semibold text-zinc-900">
        {t(section.title)}
      </h3>
      <p className="mt-0.5 text-sm text-zinc-500">{t(section.text)}</p>
      <div className="mt-3">
        {section.id === "routes" ? (
          <RouteSettings rows={section.rows} />
        ) : (
          <ReadOnlySettings rows={section.rows} />
        )}
      </div>
    </section>
  );
}

/** The rest of the configuration, shown but not changed here: one card, a group under each heading. */
export function StartupSettingsCard({
  sections,
}: {
  sections: SettingSection[];
}) {
  const t = useT();
  return (
    <Card
      title={t("Set at start-up")}
      description={t(
        "Read-only here: these come from AUTH_CONFIG_JSON and change with a restart.",
      )}
    >
      <div className="space-y-8">
        {sections.map((section) => (
          <Group key={section.id} section={section} />
        ))}
      </div>
    </Card>
  );
}
