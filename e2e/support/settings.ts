import { confirmPasswordOf, type TestUser, xsrfHeader } from "./users";

type Listing = { settings: { key: string; source: string }[] };

/**
 * Puts settings back to their start-up values through the API, as an administrator. Specs that
 * change a setting call it after each test, pass or fail: the other specs rely on the defaults
 * (registration open, eight-character passwords). A revert is behind the step-up, confirmed once,
 * and only when a key was changed.
 */
export async function revertSettings(
  admin: TestUser,
  keys: string[],
): Promise<void> {
  const listing = (await (
    await admin.api.get("/api/admin/settings", {
      headers: { Accept: "application/json" },
    })
  ).json()) as Listing;
  const changed = keys.filter((key) =>
    listing.settings.some(
      (row) => row.key === key && row.source === "settings",
    ),
  );
  if (changed.length === 0) return;
  await confirmPasswordOf(admin);
  for (const key of changed) {
    const response = await admin.api.delete(
      `/api/admin/settings/${encodeURIComponent(key)}`,
      { headers: await xsrfHeader(admin.api) },
    );
    if (!response.ok())
      throw new Error(
        `revert ${key}: ${response.status()} ${await response.text()}`,
      );
  }
}
