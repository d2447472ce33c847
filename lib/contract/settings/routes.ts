import { z } from "zod";
import { hostContract } from "@/lib/contract/route-contract";

/** Where an effective setting's value comes from: the defaults, AUTH_CONFIG_JSON / ADMIN_EMAILS, or the settings page. */
export const settingSourceSchema = z.enum([
  "default",
  "environment",
  "settings",
]);

/** One leaf of the auth configuration (`key` is its dotted path; `group` its first segment). */
export const settingRowSchema = z.object({
  key: z.string(),
  group: z.string(),
  value: z.unknown(),
  source: settingSourceSchema,
  editable: z.boolean(),
  startup: z.unknown(),
});

export const environmentRowSchema = z.object({
  key: z.string(),
  value: z.unknown(),
  secret: z.boolean(),
});

/** A social provider's configuration, its own fields kept; the client secret arrives masked. */
export const providerRowSchema = z.looseObject({
  name: z.string(),
  driver: z.string(),
  client_id: z.string(),
  client_secret: z.string(),
  redirect: z.string(),
});

const listing = z.object({
  settings: z.array(settingRowSchema),
  environment: z.array(environmentRowSchema),
  providers: z.array(providerRowSchema),
  refresh_seconds: z.number(),
});
const changed = listing.extend({ success: z.boolean() });

export const SHOW_SETTINGS_CONTRACT = hostContract({
  name: "api.admin.settings",
  path: "/api/admin/settings",
  method: "GET",
  output: listing,
});
export const UPDATE_SETTING_CONTRACT = hostContract({
  name: "api.admin.settings.update",
  path: "/api/admin/settings",
  method: "PUT",
  input: z.object({ key: z.string(), value: z.unknown() }),
  output: changed,
});
export const REVERT_SETTING_CONTRACT = hostContract({
  name: "api.admin.settings.revert",
  path: "/api/admin/settings/{key}",
  method: "DELETE",
  output: changed,
});
