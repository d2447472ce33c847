import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import { signOut } from "./support/users";
import { SPANISH_PHONE } from "./support/devices";

// The user menu (name, email, settings, language, theme, sign out), dark mode and the account's
// settings in sections (decision records 066 and 067).

const menuButton = (page: Page, label: RegExp) =>
  page.getByRole("banner").getByRole("button", { name: label });

test("the user menu leads to the account's settings, changes the theme for good and signs out", async ({
  page,
  users,
  snap,
}) => {
  // Two screenshots and two axe runs per screen.
  test.slow();
  const user = await users.create("menu", { name: "Mina Menu" });
  await users.signIn(user);
  await page.goto("/admin");
  const menu = menuButton(page, /Mina Menu .* \(account menu\)/);
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  const theme = page.getByRole("group", { name: "Theme" });
  await expect(theme.getByRole("button", { name: "System" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(
    page
      .getByRole("group", { name: "Language" })
      .getByRole("button", { name: "English" }),
  ).toHaveAttribute("aria-pressed", "true");
  await expectAccessible(page, "user menu open", { screenshot: "user-menu" });
  // Escape closes it and gives the focus back to its button.
  await page.keyboard.press("Escape");
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(menu).toBeFocused();

  // Dark, chosen in the menu: applied at once, and written by the server on the next load.
  await menu.click();
  await theme.getByRole("button", { name: "Dark" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  const html = await (await page.request.get("/admin")).text();
  expect(html).toMatch(/<html[^>]*data-theme="dark"/);
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  const background = await page.evaluate(
    () => getComputedStyle(document.body).backgroundColor,
  );
  expect(background).not.toBe("rgb(250, 250, 250)");
  await snap("dashboard-dark-chosen");
  await menu.click();
  await theme.getByRole("button", { name: "System" }).click();
  await expect(page.locator("html")).not.toHaveAttribute("data-theme", /.+/);

  // The settings: one address per section, the navigation marks the current one.
  await page.getByRole("link", { name: "Account settings" }).first().click();
  await expect(page).toHaveURL(/\/admin\/account\/profile$/);
  const sections = page.getByRole("navigation", { name: "Account settings" });
  await expect(sections.getByRole("link", { name: "Profile" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expectAccessible(page, "settings: profile", {
    screenshot: "settings-profile",
  });
  for (const [name, path, heading] of [
    ["Security", "security", "Two-factor authentication"],
    ["API tokens", "tokens", "API tokens"],
    ["Your data", "data", "Delete account"],
  ] as const) {
    await sections.getByRole("link", { name }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/account/${path}$`));
    await expect(
      page.getByRole("heading", { name: heading }).first(),
    ).toBeVisible();
    await expectAccessible(page, `settings: ${name}`, {
      screenshot: `settings-${path}`,
    });
  }
  // The old address of the profile still leads there.
  await page.goto("/admin/profile");
  await expect(page).toHaveURL(/\/admin\/account\/profile$/);

  await signOut(page);
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test.describe("on a phone, in Spanish", () => {
  test.use(SPANISH_PHONE);

  test("the menu fits the screen, changes the language and the sections scroll as tabs", async ({
    page,
    users,
  }) => {
    test.slow();
    const user = await users.create("movil", { name: "Marta Móvil" });
    await users.signIn(user);
    await page.goto("/admin/account/security");
    await expect(
      page.getByRole("heading", { name: "Ajustes de la cuenta", level: 1 }),
    ).toBeVisible();
    await expectAccessible(page, "ajustes: seguridad, teléfono", {
      screenshot: "settings-security-phone-es",
    });

    const menu = menuButton(page, /Marta Móvil .* \(menú de la cuenta\)/);
    await menu.click();
    await expectAccessible(page, "menú de la cuenta, teléfono", {
      screenshot: "user-menu-phone-es",
    });
    const box = await page
      .getByRole("button", { name: "Cerrar sesión" })
      .boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);

    await page
      .getByRole("group", { name: "Idioma" })
      .getByRole("button", { name: "English" })
      .click();
    await expect(
      page.getByRole("heading", { name: "Account settings", level: 1 }),
    ).toBeVisible();
    await signOut(page);
    await expect(page).toHaveURL(/\/auth\/login$/);
  });
});
