"use client";

import { useId } from "react";
import { ReadOnlySettings } from "@/components/admin/read-only-settings";
import { RouteSettings } from "@/components/admin/route-table";
import type { SettingSection } from "@/components/admin/setting-sections";
import { Card } from "@/components/ui/card";
import { useT } from "@/lib/client/i18n";

// Folded by default (the route table alone is thousands of pixels); a search opens every group.
function Group({
  section,
  isOpen,
}: {
  section: SettingSection;
  isOpen: boolean;
}) {
  const t = useT();
  const headingId = useId();
  return (
    <details
      open={isOpen || undefined}
      className="group"
      aria-labelledby={headingId}
    >
      <summary className="cursor-pointer list-none rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600">
        <h3
          id={headingId}
          className="inline text-sm font-semibold text-zinc-900 after:ml-1.5 after:text-zinc-500 after:content-['▸'] group-open:after:content-['▾']"
        >
          {t(section.title)}{" "}
          <span className="font-normal text-zinc-500">
            ({section.rows.length})
          </span>
        </h3>
        <p className="mt-0.5 text-sm text-zinc-500">{t(section.text)}</p>
      </summary>
      <div className="mt-3">
        {section.id === "routes" ? (
          <RouteSettings rows={section.rows} />
        ) : (
          <ReadOnlySettings rows={section.rows} />
        )}
      </div>
    </details>
  );
}

/** The rest of the configuration, shown but not changed here: one card, a group under each heading. */
export function StartupSettingsCard({
  sections,
  isOpen,
}: {
  sections: SettingSection[];
  isOpen: boolean;
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
          <Group
            key={`${section.id}-${isOpen}`}
            section={section}
            isOpen={isOpen}
          />
        ))}
      </div>
    </Card>
  );
}
