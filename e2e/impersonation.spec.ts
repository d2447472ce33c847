import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";

test("an administrator impersonates a user from the list, sees the banner, returns, and finds it in the activity log", async ({
  page,
  users,
}) => {
  const target = await users.create("target", { name: "Tina Target" });
  const admin = await users.admin();
  await users.signIn(admin);

  await page.goto("/admin/users");
  await page
    .getByRole("searchbox", { name: "Search users" })
    .fill(target.email);
  await page.getByRole("button", { name: "Search" }).click();
  // Other specs' users may carry the same name: the row is this target's, by its address.
  const row = page.getByRole("row").filter({ hasText: target.email });
  await expect(row).toBeVisible();
  await expectAccessible(page, "users", { screenshot: "admin-users" });
  await row.getByRole("button", { name: "Impersonate Tina Target" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectAccessible(page, "impersonate dialog");
  await page
    .getByRole("dialog")
    .getByRole("button", { name: "Impersonate" })
    .click();

  await expect(page).toHaveURL(/\/admin$/);
  const banner = page.getByRole("region", { name: "Impersonation" });
  await expect(banner).toContainText("You are acting as Tina Target");
  await expect(
    page.getByRole("heading", { name: "Welcome, Tina Target" }),
  ).toBeVisible();
  await expectAccessible(page, "dashboard while impersonating", {
    screenshot: "impersonating-dashboard",
  });
  // The banner stays on every signed-in screen.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Account settings" })
    .click();
  await expect(banner).toBeVisible();
  // On a short window the page scrolls under the sticky header, and the banner stays in view.
  await page.setViewportSize({ width: 1280, height: 480 });
  await expect
    .poll(() =>
      page.evaluate(
        () => document.documentElement.scrollHeight > innerHeight + 200,
      ),
    )
    .toBe(true);
  await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
  await expect(banner).toBeInViewport();
  // The account menu offers the way back first.
  const menuButton = page.getByRole("banner").getByRole("button", {
    name: `Tina Target ${target.email} (account menu)`,
  });
  await menuButton.click();
  const panel = page.locator(
    `[id="${await menuButton.getAttribute("aria-controls")}"]`,
  );
  await expect(
    panel.getByRole("button").or(panel.getByRole("link")).first(),
  ).toHaveText("Return to my account");
  await page.keyboard.press("Escape");
  await page.setViewportSize({ width: 1280, height: 860 });

  await banner.getByRole("button", { name: "Return to my account" }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(banner).toHaveCount(0);
  await expect(
    page.getByText("You are back in your own account."),
  ).toBeVisible();
  await expect(
    page.getByRole("banner").getByRole("button", {
      name: `${admin.name} ${admin.email} (account menu)`,
    }),
  ).toBeVisible();

  await page.goto("/admin/activity");
  await page
    .getByLabel("Event")
    .selectOption({ label: "Impersonation started" });
  const entry = page
    .getByRole("row", { name: /Impersonation started/ })
    .first();
  await expect(entry).toContainText("Tina Target");
  await expect(entry).toContainText(admin.name);
  await expectAccessible(page, "activity", {
    screenshot: "activity-impersonation",
  });
});

test("an administrator deletes a user and restores them", async ({
  page,
  users,
}) => {
  const target = await users.create("doomed", { name: "Dora Doomed" });
  await users.signIn(await users.admin());
  await page.goto("/admin/users");
  await page
    .getByRole("searchbox", { name: "Search users" })
    .fill(target.email);
  await page.getByRole("button", { name: "Search" }).click();
  // One action in sight per row; the rest behind "more", the dangerous ones last.
  await page
    .getByRole("button", { name: "More actions for Dora Doomed" })
    .click();
  await page.getByRole("button", { name: "Delete Dora Doomed" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectAccessible(page, "delete-user dialog");
  await page
    .getByRole("dialog")
    .getByRole("button", { name: "Delete user" })
    .click();
  await expect(page.getByText("No users found")).toBeVisible();

  await page.getByLabel("Show").selectOption({ label: "Deleted users" });
  const row = page.getByRole("row", { name: /Dora Doomed/ });
  await expect(row).toContainText("Deleted");
  await expectAccessible(page, "deleted users", {
    screenshot: "admin-users-deleted",
  });
  await row.getByRole("button", { name: "Restore Dora Doomed" }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: "Restore user" })
    .click();
  await expect(page.getByText("No users found")).toBeVisible();
  await page.getByLabel("Show").selectOption({ label: "Active users" });
  await expect(page.getByRole("row", { name: /Dora Doomed/ })).toBeVisible();
});

test("a user who is not an administrator sees a clear 403 on administration screens", async ({
  page,
  users,
}) => {
  await users.signIn(await users.create("plain"));
  await page.goto("/admin/users");
  await expect(
    page.getByRole("heading", { name: "You do not have access to this page" }),
  ).toBeVisible();
  await expect(
    page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Users" }),
  ).toHaveCount(0);
  await expectAccessible(page, "403", { screenshot: "admin-forbidden" });
  await page.goto("/admin/activity");
  await expect(
    page.getByRole("heading", { name: "You do not have access to this page" }),
  ).toBeVisible();
});
