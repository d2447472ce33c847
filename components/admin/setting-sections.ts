import { REDIRECT_PREFIX } from "@/components/admin/setting-labels";
import type { SettingRow } from "@/lib/client/contract";

export type SettingSection = {
  id: string;
  title: string;
  text: string;
  rows: SettingRow[];
};

const under = (prefix: string) => (key: string) =>
  key === prefix || key.startsWith(`${prefix}.`);

// What administrators may change, in the order they look for it (the API's `editable-settings`).
const EDITABLE_SECTIONS: {
  id: string;
  title: string;
  text: string;
  matches: (key: string) => boolean;
}[] = [
  {
    id: "access",
    title: "Registration & access",
    text: "Who may create an account, whether administrators may act as someone else, and whether new accounts confirm their email.",
    matches: (key) =>
      ["allow-registration", "allow-impersonate", "must-verify-email"].includes(
        key,
      ),
  },
  {
    id: "password",
    title: "Password rules",
    text: "Rules for new passwords. Existing passwords keep working.",
    matches: under("password"),
  },
  {
    id: "limits",
    title: "Limits",
    text: "The sign-in lockout and how long an impersonation may last.",
    matches: under("limits"),
  },
  {
    id: "admins",
    title: "Administrators",
    text: "Accounts with these email addresses are administrators once the address is verified.",
    matches: under("admins"),
  },
  {
    id: "redirects",
    title: "Redirects",
    text: "Where a browser that did not ask for JSON is sent after each action.",
    matches: (key) => key.startsWith(REDIRECT_PREFIX),
  },
];

// Read-only groups of the configuration, by the first segment of their keys.
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
  webhooks: {
    title: "Webhooks",
    text: "Whether webhook endpoints may be on private or loopback addresses.",
  },
};
const OTHER = {
  id: "other",
  title: "Other settings",
  text: "The user model and what this page may change.",
};

/**
 * The configuration in cards: the editable sections first, then the read-only groups, then
 * anything else. A row goes to the first section that claims it, so none is shown twice.
 */
export function sectionSettings(rows: SettingRow[]): {
  editable: SettingSection[];
  readOnly: SettingSection[];
} {
  const left = new Set(rows);
  const take = (matches: (row: SettingRow) => boolean) =>
    rows.filter((row) => left.has(row) && matches(row) && left.delete(row));
  const editable = EDITABLE_SECTIONS.map(({ matches, ...section }) => ({
    ...section,
    rows: take((row) => matches(row.key)),
  }));
  const readOnly = Object.entries(READ_ONLY_GROUPS).map(([group, section]) => ({
    id: group,
    ...section,
    rows: take((row) => row.group === group),
  }));
  readOnly.push({ ...OTHER, rows: take(() => true) });
  const hasRows = (section: SettingSection) => section.rows.length > 0;
  return {
    editable: editable.filter(hasRows),
    readOnly: readOnly.filter(hasRows),
  };
}
