import { signOut } from "./support/users";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import { totpCode } from "./support/two-factor";
import type { TestUser } from "./support/users";

/** The step-up dialog: a wrong password first (422 beside the field), then the right one. */
async function confirmPassword(page: Page, user: TestUser, screen: string) {
  const dialog = page.getByRole("dialog", { name: "Confirm your password" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Password")).toBeFocused();
  await expectAccessible(page, `step-up dialog (${screen})`);
  await dialog.getByLabel("Password").fill("not-my-password");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByLabel("Password")).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await dialog.getByLabel("Password").fill(user.password);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toHaveCount(0);
}

async function signIn(page: Page, user: TestUser, path = "/auth/login") {
  await page.goto(path);
  await page.getByLabel("Email address").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("a person enrols by typing the key, signs out, signs in with a code, then with a recovery code", async ({
  page,
  context,
  users,
  guard,
  snap,
}) => {
  const user = await users.create("second", {
    name: "Sam Second",
    verified: true,
  });
  await users.signIn(user);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/admin/account/security");
  const card = page.getByRole("region", { name: "Two-factor authentication" });
  await expect(card).toContainText("Off");

  // Enrolment is behind the step-up: the server answers 423, the dialog asks, the call goes again.
  guard.allow(/\/auth\/user\/two-factor-authentication$/, 423);
  guard.allow(/\/auth\/user\/confirm-password$/, 422);
  await card
    .getByRole("button", { name: "Set up two-factor authentication" })
    .click();
  await confirmPassword(page, user, "enrolment");
  await expect(
    card.getByRole("img", { name: "QR code for your authenticator app" }),
  ).toBeVisible();
  const secretKey = (
    (await card.getByTestId("two-factor-secret").textContent()) ?? ""
  ).trim();
  expect(secretKey).toMatch(/^[A-Z2-7]{16,}$/);
  await expectAccessible(page, "two-factor setup", {
    screenshot: "two-factor-setup",
  });

  guard.allow(/\/auth\/user\/confirmed-two-factor-authentication$/, 422);
  const code = card.getByLabel("Authentication code");
  await code.fill("12345");
  await card.getByRole("button", { name: "Confirm and turn on" }).click();
  await expect(code).toHaveAttribute("aria-invalid", "true");
  await code.fill(totpCode(secretKey));
  await card.getByRole("button", { name: "Confirm and turn on" }).click();
  const list = card.getByRole("list", { name: "Recovery codes" });
  await expect(list.getByRole("listitem")).toHaveCount(8);
  const recoveryCodes = (
    await list.getByRole("listitem").allTextContents()
  ).map((text) => text.trim());
  expect(recoveryCodes[0]).toMatch(/^\w{10}-\w{10}$/);
  await card.getByRole("button", { name: "Copy codes" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    recoveryCodes.join("\n"),
  );
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    card.getByRole("button", { name: "Download" }).click(),
  ]);
  expect(
    (await readFile((await download.path()) ?? "", "utf8")).trim().split("\n"),
  ).toEqual(recoveryCodes);
  await expectAccessible(page, "two-factor recovery codes", {
    screenshot: "two-factor-recovery-codes",
  });
  await card.getByRole("button", { name: "Done" }).click();
  await expect(card).toContainText("On");
  await expect(
    card.getByRole("button", { name: "Show recovery codes" }),
  ).toBeVisible();

  // Signed out, the login asks for the second step, and keeps where the user was headed.
  await signOut(page);
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.goto("/admin/account/tokens");
  await expect(page).toHaveURL(
    /\/auth\/login\?redirect=%2Fadmin%2Faccount%2Ftokens$/,
  );
  await signIn(page, user, page.url());
  await expect(page).toHaveURL(
    /\/auth\/two-factor-challenge\?redirect=%2Fadmin%2Faccount%2Ftokens$/,
  );
  await expect(
    page.getByRole("heading", { name: "Two-factor authentication" }),
  ).toBeVisible();
  await expect(page.getByLabel("Authentication code")).toBeFocused();
  await expectAccessible(page, "two-factor challenge", {
    screenshot: "two-factor-challenge",
  });

  guard.allow(/\/auth\/two-factor-challenge$/, 422);
  await page.getByLabel("Authentication code").fill("000000");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByLabel("Authentication code")).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  // The wrong code stays, selected and focused, so typing the next one replaces it.
  await expect(page.getByLabel("Authentication code")).toBeFocused();
  await expect
    .poll(() =>
      page
        .getByLabel("Authentication code")
        .evaluate(
          (field: HTMLInputElement) =>
            field.value === "000000" &&
            field.selectionStart === 0 &&
            field.selectionEnd === field.value.length,
        ),
    )
    .toBe(true);
  await expectAccessible(page, "two-factor challenge with a wrong code", {
    screenshot: "two-factor-challenge-wrong-code",
  });
  // The confirmation used this time step; the next one is within the server's drift. Pasted as
  // an authenticator app copies it, with a space in the middle: the field keeps the digits.
  const next = totpCode(secretKey, 30);
  const codeField = page.getByLabel("Authentication code");
  await codeField.fill(`${next.slice(0, 3)} ${next.slice(3)}`);
  await expect(codeField).toHaveValue(next);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/admin\/account\/tokens$/);
  await expect(
    page.getByRole("heading", { name: "API tokens", level: 2 }),
  ).toBeVisible();

  // Then with a recovery code, which works once.
  await signOut(page);
  await signIn(page, user);
  await expect(page).toHaveURL(/\/auth\/two-factor-challenge$/);
  await page.getByRole("button", { name: "Use a recovery code" }).click();
  await expect(page.getByLabel("Recovery code")).toBeFocused();
  await snap("two-factor-challenge-recovery");
  await page.getByLabel("Recovery code").fill(recoveryCodes[0] ?? "");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin$/);

  // A new session asks for the password again before showing the codes: the used one was replaced.
  await page.goto("/admin/account/security");
  guard.allow(/\/auth\/user\/two-factor-recovery-codes$/, 423);
  await card.getByRole("button", { name: "Show recovery codes" }).click();
  await confirmPassword(page, user, "recovery codes");
  await expect(list.getByRole("listitem")).toHaveCount(8);
  const now = (await list.getByRole("listitem").allTextContents()).map((text) =>
    text.trim(),
  );
  expect(now).not.toContain(recoveryCodes[0]);
  expect(now).toContain(recoveryCodes[1]);
  await card.getByRole("button", { name: "Done" }).click();

  await card.getByRole("button", { name: "Turn off" }).click();
  const off = page.getByRole("dialog", {
    name: "Turn off two-factor authentication?",
  });
  await expectAccessible(page, "turn-off dialog");
  await off.getByRole("button", { name: "Turn off" }).click();
  await expect(off).toHaveCount(0);
  await expect(card).toContainText("Off");
  await expect(
    card.getByRole("button", { name: "Set up two-factor authentication" }),
  ).toBeFocused();
});
