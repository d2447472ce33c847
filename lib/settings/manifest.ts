import "server-only";
import { defineFeature } from "@/lib/server/feature";
import {
  REVERT_SETTING,
  SHOW_SETTINGS,
  UPDATE_SETTING,
} from "@/lib/settings/routes";

/** The settings page's API: the editable settings, changed and reverted at run time on every instance. */
export const SETTINGS = defineFeature({
  name: "settings",
  hostRoutes: [SHOW_SETTINGS, UPDATE_SETTING, REVERT_SETTING],
});
