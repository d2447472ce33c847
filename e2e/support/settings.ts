import type { APIRequestContext } from "@playwright/test";
import { xsrfHeader } from "./users";

/**
 * Puts a setting back to its start-up value through the API, as an administrator. Specs that
 * change a setting call it after each test, pass or fail: the other specs rely on the defaults
 * (registration open, eight-character passwords).
 */
export async function revertSetting(admin: APIRequestContext, key: string): Promise<void> {
  await admin.get("/sanctum/csrf-cookie");
  const response = await admin.delete(`/api/admin/settings/${encodeURIComponent(key)}`, { headers: await xsrfHeader(admin) });
  if (!response.ok()) throw new Error(`revert ${key}: ${response.status()} ${await response.text()}`);
}
