import { signOut } from "./support/users";
import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";

test("a user changes their password, stays signed in, and signs in with the new one", async ({
  page,
  users,
  guard,
}) => {
  const user = await users.create("changer");
  await users.signIn(user);
  await page.goto("/admin/account/security");

  guard.allow(/\/auth\/update-password$/, 422);
  await page.getByLabel("Current password").fill("not-my-password");
  await page
    .getByLabel("New password", { exact: true })
    .fill("a-brand-new-secret-7");
  await page.getByLabel("Confirm new password").fill("a-brand-new-secret-7");
  await page.getByRole("button", { name: "Update password" }).click();
  const current = page.getByLabel("Current password");
  await expect(current).toHaveAttribute("aria-invalid", "true");
  await expect(current).toHaveAccessibleDescription(
    "The password is incorrect.",
  );
  await expectAccessible(page, "profile with a wrong current password", {
    screenshot: "change-password-wrong-current",
  });

  await current.fill(user.password);
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByText("Password updated.")).toBeVisible();
  await expect(current).toHaveValue("");

  // contract §3: the session survives its own password change.
  await page.reload();
  await expect(
    page.getByRole("heading", { name: "Account settings", level: 1 }),
  ).toBeVisible();

  await signOut(page);
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.getByLabel("Email address").fill(user.email);
  await page.getByLabel("Password").fill("a-brand-new-secret-7");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test("the password's card is in its place when Security shows its buttons: nothing arrives above them later", async ({
  page,
  users,
}) => {
  const user = await users.create("steady");
  await users.signIn(user);
  // The answer that decides the password's card comes late, as on a slow network.
  await page.route(/\/auth\/user\/sign-in-methods$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.goto("/admin/account/security");
  const setUp = page.getByRole("button", {
    name: "Set up two-factor authentication",
  });
  await expect(setUp).toBeVisible();
  const shown = await setUp.boundingBox();
  await expect(
    page.getByRole("region", { name: "Change password" }),
  ).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await setUp.boundingBox()).toEqual(shown);
});
