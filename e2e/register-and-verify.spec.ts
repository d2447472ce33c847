import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import { linkIn, waitForMail } from "./support/outbox";
import { DEFAULT_PASSWORD, uniqueEmail, signOut } from "./support/users";

test("a visitor registers, verifies the address through the emailed link, and signs out", async ({
  page,
}) => {
  const email = uniqueEmail("newcomer");
  await page.goto("/auth/register");
  // The rules in force are on screen before anything is typed.
  await expect(page.getByText("At least 8 characters")).toBeVisible();
  await page.getByLabel("Name").fill("Nora Newcomer");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(DEFAULT_PASSWORD);
  await page.getByLabel("Confirm password").fill(DEFAULT_PASSWORD);
  await expectAccessible(page, "register", { screenshot: "register-form" });
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page).toHaveURL(/\/admin$/);
  await expect(
    page.getByRole("heading", { name: "Welcome, Nora Newcomer" }),
  ).toBeVisible();
  await expect(
    page.getByText("Please verify your email address"),
  ).toBeVisible();
  await waitForMail(email, { subject: /Verify Email Address/ });

  const resentAfter = new Date();
  await page.getByRole("button", { name: "Resend verification email" }).click();
  await expect(
    page.getByText(
      "A new verification link has been sent to your email address.",
    ),
  ).toBeVisible();
  await expectAccessible(page, "dashboard, address not verified", {
    screenshot: "dashboard-unverified",
  });
  const mail = await waitForMail(email, {
    subject: /Verify Email Address/,
    since: resentAfter,
  });

  await page.goto(linkIn(mail, /\/auth\/email\/verify\//));
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText("Email verified")).toBeVisible();
  // The server's flashed status, confirmed once as a toast (decision record 070).
  await expect(
    page.getByText("Your email address has been verified."),
  ).toBeVisible();
  await expect(page.getByText("Please verify your email address")).toHaveCount(
    0,
  );
  await expectAccessible(page, "dashboard, address verified", {
    screenshot: "dashboard-verified",
  });

  await signOut(page);
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fadmin$/);
});

test("a taken address is reported beside its field", async ({
  page,
  users,
  guard,
}) => {
  const existing = await users.create("taken");
  guard.allow(/\/auth\/register$/, 422);
  await page.goto("/auth/register");
  await page.getByLabel("Name").fill("Someone Else");
  await page.getByLabel("Email address").fill(existing.email);
  await page.getByLabel("Password", { exact: true }).fill(DEFAULT_PASSWORD);
  await page.getByLabel("Confirm password").fill(DEFAULT_PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();

  const field = page.getByLabel("Email address");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  // Laravel's "The email has already been taken." (the 422 is the contract's), in our words.
  await expect(field).toHaveAccessibleDescription(
    "An account with this email address already exists.",
  );
  await expect(field).toBeFocused();
  // Its owner's ways in, the address carried over (decision record 069).
  await expect(
    page.getByRole("link", { name: "reset your password" }),
  ).toHaveAttribute(
    "href",
    `/auth/forgot-password?email=${encodeURIComponent(existing.email)}`,
  );
  await expectAccessible(page, "register with a taken address", {
    screenshot: "register-email-taken",
  });
});
