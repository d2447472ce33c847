import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import type { TestUser } from "./support/users";
import { toasts } from "./support/toasts";

/** Another browser (its own cookies), signed in through the login screen. */
async function otherBrowser(
  browser: Browser,
  baseURL: string,
  user: TestUser,
): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto("/auth/login");
  await page.getByLabel("Email address").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

test("a user ends another browser's session from the list after the step-up, and that browser is signed out; then all the others", async ({
  page,
  browser,
  baseURL,
  users,
  guard,
}) => {
  const user = await users.create("devices", { name: "Dana Devices" });
  const laptop = await otherBrowser(browser, baseURL ?? "", user);
  await users.signIn(user);
  await page.goto("/admin/account/security");
  const card = page.getByRole("region", { name: "Browser sessions" });
  const list = card.getByRole("list", { name: "Browser sessions" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  const here = list.getByRole("listitem").filter({ hasText: "This device" });
  await expect(here).toHaveCount(1);
  await expect(here).toContainText("Active now");
  const other = list
    .getByRole("listitem")
    .filter({ hasNotText: "This device" });
  await expect(other).toContainText(/Last active (now|\d+ seconds? ago)/);
  await expect(other).toContainText("with password");
  await expectAccessible(page, "browser sessions", {
    screenshot: "browser-sessions",
  });

  // Ending a session is behind the step-up (decision record 028): a stolen cookie cannot sign the
  // owner's devices out one by one.
  guard.allow(/\/auth\/user\/sessions\/[^/]+$/, 423);
  await other.getByRole("button", { name: /^Sign out / }).click();
  const stepUp = page.getByRole("dialog", { name: "Confirm your password" });
  await expect(stepUp).toBeVisible();
  await expect(stepUp.getByLabel("Password")).toBeFocused();
  await expectAccessible(page, "step-up before ending a session", {
    screenshot: "browser-sessions-step-up",
  });
  await stepUp.getByLabel("Password").fill(user.password);
  await stepUp.getByLabel("Password").press("Enter");
  await expect(stepUp).toHaveCount(0);
  await expect(list.getByRole("listitem")).toHaveCount(1);
  // The other browser's next request finds its session gone.
  await laptop.reload();
  await expect(laptop).toHaveURL(/\/auth\/login\?redirect=%2Fadmin$/);

  // Two more browsers, then "all other browsers": the confirmation above still holds.
  const phone = await otherBrowser(browser, baseURL ?? "", user);
  const tablet = await otherBrowser(browser, baseURL ?? "", user);
  await page.reload();
  await expect(list.getByRole("listitem")).toHaveCount(3);
  await card.getByRole("button", { name: "Sign out other browsers" }).click();
  const question = page.getByRole("dialog", {
    name: "Sign out of all other browsers?",
  });
  await question
    .getByRole("button", { name: "Sign out other browsers" })
    .click();
  await expect(question).toHaveCount(0);
  await expect(
    toasts(page).getByText("Other browsers have been signed out."),
  ).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  for (const gone of [phone, tablet]) {
    await gone.reload();
    await expect(gone).toHaveURL(/\/auth\/login\?redirect=%2Fadmin$/);
  }
  await page.reload();
  await expect(
    page.getByRole("heading", { name: "Account settings", level: 1 }),
  ).toBeVisible();
  for (const gone of [laptop, phone, tablet]) await gone.context().close();
});

test("cancelling the step-up leaves everything as it was, and says why", async ({
  page,
  users,
  guard,
}) => {
  const user = await users.create("cautious-devices", { verified: true });
  await users.signIn(user);
  await page.goto("/admin/account/security");
  const card = page.getByRole("region", { name: "Two-factor authentication" });
  guard.allow(/\/auth\/user\/two-factor-authentication$/, 423);
  const setUp = card.getByRole("button", {
    name: "Set up two-factor authentication",
  });
  await setUp.click();
  const stepUp = page.getByRole("dialog", { name: "Confirm your password" });
  await expect(stepUp).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(stepUp).toHaveCount(0);
  await expect(card.getByRole("alert")).toHaveText(
    "Password confirmation required.",
  );
  await expect(card).toContainText("Off");
});
