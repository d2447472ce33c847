import {
  SETTING_GROUPS,
  SETTINGS,
  type SettingDeclaration,
} from "@/lib/config/auth-settings";
import { SETTINGS_SECTIONS } from "@/lib/settings/sections";
import { code, markdownTable } from "./markers";

// docs/administration.md "Settings": what administrators change at run time, by section, as
// each setting declares it (lib/config/auth-settings.ts, decision record 091).
export function settingsTable(): string {
  const declared = Object.entries(SETTINGS) as [string, SettingDeclaration][];
  return markdownTable(
    ["section", "key", "label", "also shown, read-only"],
    SETTINGS_SECTIONS.flatMap((section) => {
      const settings = declared.filter(
        ([, { section: id }]) => id === section.id,
      );
      const groups = Object.entries(SETTING_GROUPS)
        .filter(([, group]) => group.section === section.id)
        .map(([name]) => code(name))
        .join(", ");
      // A section of read-only groups alone (the environment's) still gets its row.
      return (settings.length ? settings : [["", { label: "" }] as const]).map(
        ([key, { label }], index) => [
          index === 0
            ? `${section.title} (${code(`/admin/settings/${section.id}`)})`
            : "",
          key ? code(key) : "",
          label,
          index === 0 ? groups : "",
        ],
      );
    }),
  );
}
