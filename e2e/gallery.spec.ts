import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { showScheme } from "./support/color-scheme";

// The gallery of docs/getting-started.md: the end user's, the administrator's and the developer's
// screens in the light and the dark scheme, the size of a laptop's window, written to
// test-results/gallery/ for scripts/screenshot-gallery.mjs to copy.

async function shoot(page: Page, name: string) {
  for (const colorScheme of ["light", "dark"] as const) {
    await showScheme(page, colorScheme);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: `test-results/gallery/${name}-${colorScheme}.png`,
    });
  }
  await showScheme(page, "light");
}

/** Opens `path` and photographs it once its first-level heading `heading` shows. */
async function screen(page: Page, path: string, heading: string, name: string) {
  await page.goto(path);
  await expect(
    page.getByRole("heading", { level: 1, name: heading }),
  ).toBeVisible();
  await shoot(page, name);
}

test("the screenshot gallery: the end user's, the administrator's and the developer's screens", async ({
  page,
  users,
}) => {
  test.slow();
  await page.goto("/auth/login");
  await expect(
    page.getByRole("heading", { name: "Sign in to your account" }),
  ).toBeVisible();
  await shoot(page, "login");

  await users.signIn(await users.admin());
  await page.goto("/admin/account/security");
  await expect(
    page.getByRole("heading", { name: "Two-factor authentication" }).first(),
  ).toBeVisible();
  await shoot(page, "security-settings");

  await page.goto("/admin/account/tokens");
  await expect(
    page.getByRole("heading", { name: "API tokens" }).first(),
  ).toBeVisible();
  await shoot(page, "tokens");

  await page.goto("/admin/users");
  await expect(page.getByRole("row").nth(1)).toBeVisible();
  await shoot(page, "admin-users");

  await page.goto("/admin");
  await expect(
    page.getByRole("heading", { name: "Server health" }),
  ).toBeVisible();
  await shoot(page, "admin-home");
  await page.goto("/admin/activity");
  await expect(page.getByRole("row").nth(1)).toBeVisible();
  await shoot(page, "admin-activity");
  await screen(page, "/admin/settings", "Settings", "admin-settings");
  await screen(page, "/admin/webhooks", "Webhooks", "admin-webhooks");
  await screen(page, "/admin/oauth-clients", "OAuth clients", "oauth-clients");
  await screen(page, "/docs/api", "API reference", "api-reference");
});
