import type { BadgeTone } from "@/components/ui/badge";
import type { SettingSource } from "@/lib/client/contract";

/** The badge of each source: where the value in force was set. */
export const SOURCE_BADGES: Record<
  SettingSource,
  { label: string; tone: BadgeTone }
> = {
  default: { label: "Default", tone: "gray" },
  environment: { label: "Environment", tone: "amber" },
  settings: { label: "Set here", tone: "indigo" },
};
