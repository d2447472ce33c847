import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";

// A signed-in screen on a slow link (issue 25): the header and a loading skeleton at once, never a
// blank page, while get-auth is still on its way; the screen itself once it answers.
test("a signed-in screen shows its header and a skeleton while the session is on its way", async ({
  page,
  users,
}) => {
  const user = await users.create("slow-link", { name: "Sara Slow" });
  await users.signIn(user);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/auth/get-auth", async (route) => {
    await held;
    await route.continue();
  });

  await page.goto("/admin");
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(
    page.getByRole("status").filter({ hasText: "Loading…" }),
  ).toBeAttached();
  await expect(
    page.getByRole("heading", { name: "Welcome, Sara Slow" }),
  ).toHaveCount(0);
  await expectAccessible(page, "a signed-in screen while loading", {
    screenshot: "shell-while-loading",
  });

  release();
  await expect(
    page.getByRole("heading", { name: "Welcome, Sara Slow" }),
  ).toBeVisible();
  await expect(
    page.getByRole("status").filter({ hasText: "Loading…" }),
  ).toHaveCount(0);
});
