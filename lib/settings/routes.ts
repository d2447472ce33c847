import "server-only";
import type { HostRoute } from "@/lib/server/pipeline";
import {
  revertSettingEndpoint,
  showSettings,
  updateSetting,
} from "@/lib/settings/endpoints";
import {
  REVERT_SETTING_CONTRACT,
  SHOW_SETTINGS_CONTRACT,
  UPDATE_SETTING_CONTRACT,
} from "@/lib/contract/settings/routes";

// Administrators only: the guard (401), then the `admin` middleware (403, lib/policies/admin.ts).
const admin = ["auth:sanctum", "admin"];

export const SHOW_SETTINGS: HostRoute = {
  ...SHOW_SETTINGS_CONTRACT,
  endpoint: showSettings,
  middleware: admin,
  ability: "admin",
  credential: "administers",
};
export const UPDATE_SETTING: HostRoute = {
  ...UPDATE_SETTING_CONTRACT,
  endpoint: updateSetting,
  middleware: admin,
  ability: "admin",
  credential: "administers",
};
export const REVERT_SETTING: HostRoute = {
  ...REVERT_SETTING_CONTRACT,
  endpoint: revertSettingEndpoint,
  middleware: admin,
  ability: "admin",
  credential: "administers",
};
