import type { SettingRow } from "@/lib/client/contract";
import {
  SETTINGS_SECTIONS,
  settingDeclaration,
  type SettingsSectionDeclaration,
} from "@/lib/settings/sections";

export type SettingSection = {
  id: string;
  title: string;
  text: string;
  rows: SettingRow[];
};

// Titles of the read-only groups of the configuration, by the first segment of their keys.
const READ_ONLY_GROUPS: Record<string, { title: string; text: string }> = {
  routes: {
    title: "Routes",
    text: "URIs, route names and middleware of each action.",
  },
  verification: {
    title: "Email verification",
    text: "How long a verification link stays valid, in minutes.",
  },
  passwords: {
    title: "Password resets",
    text: "How long a reset link stays valid, in minutes.",
  },
  hashing: {
    title: "Hashing",
    text: "The bcrypt cost of new password hashes.",
  },
  uploads: {
    title: "Uploads",
    text: "The largest profile photo accepted, in kilobytes.",
  },
  frontend: {
    title: "Front end",
    text: "The page a password reset mail links to.",
  },
  passkeys: {
    title: "Passkeys",
    text: "The name an authenticator shows when it creates a passkey for this site.",
  },
  webhooks: {
    title: "Webhooks",
    text: "Whether webhook endpoints may be on private or loopback addresses.",
  },
};
const OTHER = {
  title: "Other settings",
  text: "The user model and what this page may change.",
};

const claimedGroups = new Set(
  SETTINGS_SECTIONS.flatMap((section) => section.readOnlyGroups ?? []),
);

/**
 * One section's rows: the keys it edits (lib/settings/sections.ts), then the read-only groups it
 * shows; the Environment section shows every read-only group no other section claims.
 */
export function sectionRows(
  rows: SettingRow[],
  section: SettingsSectionDeclaration,
): { editable: SettingRow[]; readOnly: SettingSection[] } {
  const editable = rows.filter(
    // By id: the section arrives from a server component, a copy of the declaration.
    (row) =>
      row.editable && settingDeclaration(row.key)?.section.id === section.id,
  );
  const readOnlyRows = rows.filter((row) => !row.editable);
  const groups =
    section.id === "environment"
      ? [...new Set(readOnlyRows.map((row) => row.group))].filter(
          (group) => !claimedGroups.has(group),
        )
      : (section.readOnlyGroups ?? []);
  const readOnly = groups
    .map((group) => ({
      id: group,
      ...(READ_ONLY_GROUPS[group] ?? OTHER),
      rows: readOnlyRows.filter((row) => row.group === group),
    }))
    .filter((group) => group.rows.length > 0);
  return { editable, readOnly };
}
