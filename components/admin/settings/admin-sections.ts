import type { SettingsSection } from "@/components/settings/settings-nav";
import type { IconName } from "@/components/ui/icon";
import { SETTINGS_SECTIONS } from "@/lib/settings/sections";

export const ADMIN_SETTINGS_ROOT = "/admin/settings";

const ICONS: Record<string, IconName> = {
  access: "users",
  passwords: "key",
  limits: "shield",
  administrators: "user",
  routes: "bolt",
  environment: "cog",
};

/** The administrators' settings, one address per section declared in lib/settings/sections.ts. */
export const ADMIN_SECTIONS: readonly SettingsSection[] = SETTINGS_SECTIONS.map(
  (section) => ({
    href: `${ADMIN_SETTINGS_ROOT}/${section.id}`,
    label: section.title,
    icon: ICONS[section.id] ?? "cog",
  }),
);

export const ADMIN_SETTINGS_PATH =
  ADMIN_SECTIONS[0]?.href ?? ADMIN_SETTINGS_ROOT;
