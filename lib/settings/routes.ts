import "server-only";
import type { HostRoute } from "@/lib/server/pipeline";
import {
  revertSettingEndpoint,
  showSettings,
  updateSetting,
} from "@/lib/settings/endpoints";

// Administrators only: the guard (401), then the `admin` middleware (403, lib/policies/admin.ts).
const admin = ["auth:sanctum", "admin"];

export const SHOW_SETTINGS: HostRoute = {
  name: "api.admin.settings",
  path: "/api/admin/settings",
  method: "GET",
  endpoint: showSettings,
  middleware: admin,
  ability: null,
  credential: "administers",
};
export const UPDATE_SETTING: HostRoute = {
  name: "api.admin.settings.update",
  path: "/api/admin/settings",
  method: "PUT",
  endpoint: updateSetting,
  middleware: admin,
  ability: "admin",
  credential: "administers",
};
export const REVERT_SETTING: HostRoute = {
  name: "api.admin.settings.revert",
  path: "/api/admin/settings/{key}",
  method: "DELETE",
  endpoint: revertSettingEndpoint,
  middleware: admin,
  ability: "admin",
  credential: "administers",
};
