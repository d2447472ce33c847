import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import { SPANISH_PHONE } from "./support/devices";
import { revertSettings } from "./support/settings";
import { toasts } from "./support/toasts";
import { translator } from "./support/translator";
import {
  confirmPasswordOf,
  DEFAULT_PASSWORD,
  postJson,
  uniqueEmail,
} from "./support/users";

// Administrators change the configuration at run time on /admin/settings.

// Whatever happens in a test, the next spec finds registration open and the default password rules.
test.afterEach(async ({ users }) => {
  const admin = await users.admin();
  await revertSettings(admin, ["allow-registration", "password.length"]);
});

test("an administrator closes registration (confirming the password first), a visitor is refused, and one click on Revert opens it again", async ({
  page,
  users,
  playwright,
  baseURL,
  guard,
}) => {
  const admin = await users.admin();
  await users.signIn(admin);
  await page.goto("/admin/settings");
  await expect(page).toHaveURL(/\/admin\/settings\/access$/);
  await expect(
    page.getByText(
      "Changes take effect on every instance within 2 seconds and are recorded in the activity log.",
    ),
  ).toBeVisible();
  // One form per section, one Save for it.
  const setting = page.getByRole("form", { name: "Access" });
  const toggle = setting.getByRole("switch", { name: "Allow registration" });
  await expect(toggle).toBeChecked();
  await expect(setting.getByText("allow-registration")).toBeVisible();
  await expect(setting.getByText("Unsaved:")).toHaveCount(0);
  await expectAccessible(page, "settings", { screenshot: "admin-settings" });

  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(setting.getByRole("status")).toHaveText(
    "Unsaved: Allow registration",
  );
  // A change of the configuration is behind the step-up (decision record 024): the dialog asks, the save goes again.
  guard.allow(/\/api\/admin\/settings$/, 423);
  await setting.getByRole("button", { name: "Save changes" }).click();
  const stepUp = page.getByRole("dialog", { name: "Confirm your password" });
  await stepUp.getByLabel("Password").fill(admin.password);
  await stepUp.getByRole("button", { name: "Confirm" }).click();
  await expect(stepUp).toHaveCount(0);
  await expect(setting.getByRole("status")).toHaveText("Saved.");
  await expect(setting.getByText("Set here", { exact: true })).toBeVisible();
  await expect(setting).toContainText("Start-up value: On");
  await expectAccessible(page, "settings, one saved", {
    screenshot: "admin-settings-saved",
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, "settings on a phone", {
    screenshot: "admin-settings-mobile",
  });
  await page.setViewportSize({ width: 1280, height: 860 });

  // A visitor: the register screen (rendered with the configuration in force) and the API both refuse.
  await page.context().clearCookies();
  await page.goto("/auth/register");
  await expect(page.getByText("Registration is closed")).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveCount(0);
  await expectAccessible(page, "register, closed", {
    screenshot: "register-closed",
  });
  const visitor = await playwright.request.newContext({ baseURL });
  const refused = await postJson(visitor, "/auth/register", {
    name: "Vic Visitor",
    email: uniqueEmail("refused"),
    password: DEFAULT_PASSWORD,
    password_confirmation: DEFAULT_PASSWORD,
  });
  expect(refused.status()).toBe(403);
  await visitor.dispose();

  await users.signIn(admin);
  await page.goto("/admin/settings/access");
  await setting
    .getByRole("button", { name: "Revert Allow registration" })
    .click();
  await expect(setting.getByRole("status")).toHaveText(
    "Reverted to the start-up value.",
  );
  await expect(toggle).toBeChecked();
  await expect(
    setting.getByRole("button", { name: "Revert Allow registration" }),
  ).toHaveCount(0);

  // Both changes are in the audit log, newest first.
  await page.getByRole("link", { name: "View activity" }).click();
  await page.getByLabel("Event").selectOption({ label: "Setting changed" });
  const entries = page.getByRole("row", { name: /Setting changed/ });
  // The details are labelled values (decision record 070): a term, then its definition.
  const detail = (entry: number, label: string) =>
    entries.nth(entry).locator("dt", { hasText: label }).locator("+ dd");
  await expect(detail(0, "Setting")).toHaveText("allow-registration");
  await expect(detail(0, "Reverted")).toHaveText("true");
  await expect(detail(1, "After")).toHaveText("false");
  await expect(entries.nth(1)).toContainText(admin.name);
  await expectAccessible(page, "activity, settings changed", {
    screenshot: "activity-setting-changed",
  });

  await page.context().clearCookies();
  await page.goto("/auth/register");
  await page.getByLabel("Name").fill("Rita Reopened");
  await page.getByLabel("Email address").fill(uniqueEmail("reopened"));
  await page.getByLabel("Password", { exact: true }).fill(DEFAULT_PASSWORD);
  await page.getByLabel("Confirm password").fill(DEFAULT_PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(
    page.getByRole("heading", { name: "Welcome, Rita Reopened" }),
  ).toBeVisible();
});

test("an invalid value is refused beside its field, naming it as the page labels it, and nothing changes", async ({
  page,
  users,
  guard,
}) => {
  guard.allow(/\/api\/admin\/settings$/, 422);
  const admin = await users.admin();
  await confirmPasswordOf(admin);
  await users.signIn(admin);
  await page.goto("/admin/settings/passwords");
  const setting = page.getByRole("form", { name: "Passwords" });
  const input = setting.getByRole("spinbutton", { name: "Minimum length" });
  await expect(input).toHaveValue("8");
  await input.fill("0");
  await setting.getByRole("button", { name: "Save changes" }).click();
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(
    setting.getByText("Minimum length must be at least 1."),
  ).toBeVisible();
  await expectAccessible(page, "settings with an invalid value", {
    screenshot: "admin-settings-invalid",
  });

  await page.reload();
  await expect(input).toHaveValue("8");
  await expect(setting.getByText("Set here", { exact: true })).toHaveCount(0);
});

test("an administrator sees the mail queue", async ({ page, users }) => {
  await users.signIn(await users.admin());
  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Mail" })
    .click();
  await expect(
    page.getByRole("heading", { name: "Mail", level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Queued" })).toBeVisible();
  await expect(page.getByText("No failed messages")).toBeVisible();
  await expectAccessible(page, "mail", { screenshot: "admin-mail" });
});

test("a user who is not an administrator gets the 403 screen on settings and mail", async ({
  page,
  users,
}) => {
  await users.signIn(await users.create("curious"));
  for (const path of ["/admin/settings", "/admin/mail"]) {
    await page.goto(path);
    await expect(
      page.getByRole("heading", {
        name: "You do not have access to this page",
      }),
    ).toBeVisible();
  }
  const navigation = page.getByRole("navigation", { name: "Main" });
  // Exact: the user's own "Account settings" is there for everyone.
  await expect(
    navigation.getByRole("link", { name: "Settings", exact: true }),
  ).toHaveCount(0);
  await expect(navigation.getByRole("link", { name: "Mail" })).toHaveCount(0);
});

test.describe("in Spanish, on a phone", () => {
  test.use(SPANISH_PHONE);
  const t = translator("es");

  test("an administrator raises the minimum password length in the Passwords section: Spanish labels, the key beside them, one Save, a toast", async ({
    page,
    users,
    guard,
  }) => {
    const admin = await users.admin();
    await users.signIn(admin);
    await page.goto("/admin/settings");
    await page
      .getByRole("navigation")
      .getByRole("link", { name: t("Passwords") })
      .click();
    await expect(page).toHaveURL(/\/admin\/settings\/passwords$/);
    const section = page.getByRole("form", { name: t("Passwords") });
    const length = section.getByLabel(t("Minimum length"), { exact: true });
    await expect(length).toBeVisible();
    await expect(section.getByText("password.length")).toBeVisible();
    await expect(
      section.getByRole("button", { name: t("Save changes") }),
    ).toBeDisabled();
    await expectAccessible(page, "settings, Passwords (es, phone)", {
      screenshot: "admin-settings-passwords-es-phone",
    });

    await length.fill("10");
    await expect(section.getByRole("status")).toHaveText(
      t("Unsaved: :settings", { settings: t("Minimum length") }),
    );
    guard.allow(/\/api\/admin\/settings$/, 423);
    await section.getByRole("button", { name: t("Save changes") }).click();
    const stepUp = page.getByRole("dialog", {
      name: t("Confirm your password"),
    });
    await stepUp.getByLabel(t("Password")).fill(admin.password);
    await stepUp.getByRole("button", { name: t("Confirm") }).click();
    await expect(section.getByRole("status")).toHaveText(t("Saved."));
    await expect(
      toasts(page, "es").getByText(
        t(":title: settings saved.", { title: t("Passwords") }),
      ),
    ).toBeInViewport();
    await expect(length).toHaveValue("10");
    await expectAccessible(page, "settings, Passwords saved (es, phone)", {
      screenshot: "admin-settings-passwords-es-phone-saved",
    });
  });
});
