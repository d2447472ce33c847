import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import { SPANISH_PHONE } from "./support/devices";
import { toasts } from "./support/toasts";
import { translator } from "./support/translator";

// Issue 25, item 5: every completed action is confirmed in one polite live region, the toaster
// (components/ui/toaster.tsx); the confirmation is declared once, on the action's mutation
// (`meta.toast`, lib/client/route-query.ts), so no form keeps a success box of its own.
test.use(SPANISH_PHONE);
const t = translator("es");

test("completed actions are confirmed in a toast, in Spanish, inside a phone's screen, in both schemes, and can be dismissed", async ({
  page,
  users,
}) => {
  const user = await users.create("tostada");
  await users.signIn(user);
  await page.goto("/admin/account/profile");
  // Always in the page, so a screen reader announces what is added to it.
  const region = toasts(page, "es");
  await expect(region.locator('[aria-live="polite"]')).toBeAttached();

  await page.getByLabel(t("Name")).fill("Tomasa Tostada");
  await page.getByRole("button", { name: t("Save profile") }).click();
  const saved = region.getByText(t("Your profile has been saved."));
  await expect(saved).toBeInViewport();
  // One confirmation, in one place: the form shows none of its own.
  await expect(page.getByText(t("Your profile has been saved."))).toHaveCount(
    1,
  );
  // The keyboard in the toast stops its time (WCAG 2.2.1): it is still there well past six
  // seconds, for axe in both schemes and the screenshots.
  const save = page.getByRole("button", { name: t("Save profile") });
  await save.focus();
  const dismiss = region.getByRole("button", { name: t("Dismiss") });
  await dismiss.focus();
  await expectAccessible(page, "a toast (es, phone)", {
    screenshot: "toast-es-phone",
  });
  await page.waitForTimeout(6_500);
  await expect(saved).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(saved).toHaveCount(0);
  // Focus goes back to where it came from (WCAG 2.4.3), not to the start of the page.
  await expect(save).toBeFocused();

  // Another section, another action: the password, whose form empties and says nothing itself.
  await page.goto("/admin/account/security");
  const current = page.getByLabel(t("Current password"));
  await current.fill(user.password);
  await page
    .getByLabel(t("New password"), { exact: true })
    .fill("una-clave-nueva-42");
  await page.getByLabel(t("Confirm new password")).fill("una-clave-nueva-42");
  await page.getByRole("button", { name: t("Update password") }).click();
  const updated = region.getByText(t("Password updated."));
  await expect(updated).toBeInViewport();
  await expect(current).toHaveValue("");
  await expect(page.getByText(t("Password updated."))).toHaveCount(1);
  // Left alone, it goes by itself after six seconds.
  await expect(updated).toHaveCount(0, { timeout: 10_000 });
});
