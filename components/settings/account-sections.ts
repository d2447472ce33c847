import type { SettingsSection } from "@/components/settings/settings-nav";

export const ACCOUNT_SETTINGS_PATH = "/admin/account/profile";

/**
 * The account's settings, one address each (decision record 067). A new section is one line
 * here and one page under app/(signed-in)/admin/account/.
 */
export const ACCOUNT_SECTIONS: readonly SettingsSection[] = [
  { href: ACCOUNT_SETTINGS_PATH, label: "Profile", icon: "user" },
  { href: "/admin/account/security", label: "Security", icon: "shield" },
  { href: "/admin/account/tokens", label: "API tokens", icon: "key" },
  {
    href: "/admin/account/authorized-apps",
    label: "Authorized apps",
    icon: "shield",
  },
  { href: "/admin/account/data", label: "Your data", icon: "download" },
];
