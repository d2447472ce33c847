import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { showScheme } from "./support/color-scheme";

// The gallery of docs/getting-started.md: four screens in the light and the dark scheme, the size of a laptop's
// window, written to test-results/gallery/ for scripts/screenshot-gallery.mjs to copy.

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

test("the screenshot gallery: sign-in, security settings, tokens, users", async ({
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
});
