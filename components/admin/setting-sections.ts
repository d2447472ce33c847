import type { SettingRow } from "@/lib/client/contract";
import { SETTING_GROUPS, settingDeclaration } from "@/lib/config/auth-settings";
import type { SettingsSectionDeclaration } from "@/lib/settings/sections";

export type SettingSection = {
  id: string;
  title: string;
  text: string;
  rows: SettingRow[];
};

const OTHER = {
  title: "Other settings",
  text: "The user model and what this page may change.",
};

/**
 * One section's rows: the keys declared in it (lib/config/auth-settings.ts), then the read-only
 * groups declared in it; the Environment section also shows every group nobody declared.
 */
export function sectionRows(
  rows: SettingRow[],
  section: SettingsSectionDeclaration,
): { editable: SettingRow[]; readOnly: SettingSection[] } {
  const editable = rows.filter(
    (row) =>
      row.editable && settingDeclaration(row.key)?.section === section.id,
  );
  const readOnlyRows = rows.filter((row) => !row.editable);
  const groups = [...new Set(readOnlyRows.map((row) => row.group))].filter(
    (group) => (SETTING_GROUPS[group]?.section ?? "environment") === section.id,
  );
  const readOnly = groups
    .map((group) => ({
      id: group,
      ...(SETTING_GROUPS[group] ?? OTHER),
      rows: readOnlyRows.filter((row) => row.group === group),
    }))
    .filter((group) => group.rows.length > 0);
  return { editable, readOnly };
}
