import { SETTINGS_SECTIONS } from "@/lib/settings/sections";
import { code, markdownTable } from "./markers";

// docs/administration.md "Settings": what administrators change at run time, by section, as the
// settings screens declare it (decision record 067).
export function settingsTable(): string {
  return markdownTable(
    ["section", "key", "label", "also shown, read-only"],
    SETTINGS_SECTIONS.flatMap((section) => {
      // A section of read-only groups alone (the environment's) still gets its row.
      const settings = Object.entries(section.settings);
      return (settings.length ? settings : [["", { label: "" }] as const]).map(
        ([key, { label }], index) => [
          index === 0
            ? `${section.title} (${code(`/admin/settings/${section.id}`)})`
            : "",
          code(key),
          label,
          index === 0
            ? (section.readOnlyGroups ?? []).map(code).join(", ")
            : "",
        ],
      );
    }),
  );
}
