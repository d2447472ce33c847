import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import { waitForMail } from "./support/outbox";
import { confirmPasswordOf, postJson } from "./support/users";
import { toasts } from "./support/toasts";

// Decision record 021: download my data, delete my account.

test("a user downloads their data as a JSON file", async ({
  page,
  users,
  snap,
}) => {
  const user = await users.create("downloader", { name: "Dana Download" });
  // Creating a token from a session needs the step-up (decision record 024).
  await confirmPasswordOf(user);
  expect(
    (
      await postJson(user.api, "/auth/create-token", {
        email: user.email,
        password: user.password,
        name: "laptop",
      })
    ).ok(),
  ).toBe(true);
  await users.signIn(user);
  await page.goto("/admin/account/data");
  const card = page.getByRole("region", { name: "Download your data" });
  await expect(card).toBeVisible();
  await expectAccessible(page, "profile with data rights");

  const downloading = page.waitForEvent("download");
  await card.getByRole("button", { name: "Download my data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    /^my-data-\d{4}-\d{2}-\d{2}\.json$/,
  );
  await expect(
    toasts(page).getByText("Your data has been downloaded."),
  ).toBeVisible();
  await snap("profile-data-downloaded");

  const data = JSON.parse(
    await readFile((await download.path()) ?? "", "utf8"),
  );
  expect(data.format).toBe("next-laravel-auth/user-data@1");
  expect(data.account).toMatchObject({
    id: user.id,
    name: "Dana Download",
    email: user.email,
  });
  expect(data.tokens).toEqual([
    expect.objectContaining({ name: "laptop", abilities: ["*"] }),
  ]);
  expect(data.sessions.length).toBeGreaterThan(0);
  expect(
    data.activity.map((entry: { event: string }) => entry.event),
  ).toContain("registered");
  const text = JSON.stringify(data);
  expect(text).not.toContain(user.password);
  expect(text).not.toMatch(/"(password|remember_token|token)":/);
});

test("a user deletes their account; signing in then fails", async ({
  page,
  users,
  guard,
  snap,
}) => {
  const user = await users.create("leaver", { name: "Lee Leaver" });
  await users.signIn(user);
  await page.goto("/admin/account/data");
  await page
    .getByRole("region", { name: "Delete account" })
    .getByRole("button", { name: "Delete my account" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Current password")).toBeFocused();
  await expectAccessible(page, "delete-account dialog");

  guard.allow(/\/api\/app\/user$/, 422);
  await dialog.getByLabel("Current password").fill("not-my-password");
  await page.keyboard.press("Enter");
  await expect(
    dialog.getByLabel("Current password"),
  ).toHaveAccessibleDescription("The password is incorrect.");
  await expectAccessible(page, "delete-account dialog with an error", {
    screenshot: "delete-account-wrong-password",
  });

  const startedAt = new Date();
  await dialog.getByLabel("Current password").fill(user.password);
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/auth\/login\?status=account-deleted$/);
  await expect(
    page.getByText(
      "Your account has been deleted. We have sent you an email about it.",
    ),
  ).toBeVisible();
  await snap("account-deleted");
  const mail = await waitForMail(user.email, {
    subject: /Your account has been deleted/,
    since: startedAt,
  });
  expect(mail.text).toContain("an administrator can restore it");

  // The API context still holds the old session: it ended with the deletion.
  const whoAmI = await user.api.get("/auth/get-auth", {
    headers: { Accept: "application/json" },
  });
  expect(await whoAmI.json()).toMatchObject({ authenticated: false });

  guard.allow(/\/auth\/login$/, 422);
  await page.getByLabel("Email address").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByLabel("Email address")).toHaveAccessibleDescription(
    /These credentials do not match our records\./,
  );
  await expect(page).toHaveURL(/\/auth\/login/);
});
