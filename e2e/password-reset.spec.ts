import { signOut } from "./support/users";
import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import { translator } from "./support/translator";
import { linkIn, waitForMail } from "./support/outbox";
import { SPANISH_PHONE } from "./support/devices";

test("a user who forgot their password resets it through the emailed link", async ({
  page,
  users,
}) => {
  const user = await users.create("forgetful");
  await page.goto("/auth/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await page.getByLabel("Email address").fill(user.email);
  await page.getByRole("button", { name: "Email me a reset link" }).click();
  await expect(page.getByRole("status")).toHaveText(
    /we have emailed a password reset link/,
  );
  // The form gives way to "check your inbox", and another mail waits a minute.
  await expect(
    page.getByRole("heading", { name: "Check your inbox" }),
  ).toBeVisible();
  await expect(page.getByLabel("Email address")).toHaveCount(0);
  await expect(
    page.getByRole("button", { name: /^Send again in \d+ s$/ }),
  ).toBeDisabled();
  await expectAccessible(page, "forgot password, link sent", {
    screenshot: "forgot-password-sent",
  });

  const mail = await waitForMail(user.email, { subject: /Reset Password/ });
  const link = linkIn(mail, /^\/auth\/reset-password\//);
  await page.goto(link);
  await expect(page.getByLabel("Email address")).toHaveValue(user.email);
  await page
    .getByLabel("New password", { exact: true })
    .fill("reset-and-remembered-9");
  await page.getByLabel("Confirm new password").fill("reset-and-remembered-9");
  await expectAccessible(page, "reset password", {
    screenshot: "reset-password-form",
  });
  await page.getByRole("button", { name: "Reset password" }).click();

  await expect(page).toHaveURL(/\/auth\/login\?status=password-reset$/);
  await expect(
    page.getByText(
      "Your password has been reset. Sign in with your new password.",
    ),
  ).toBeVisible();
  await expectAccessible(page, "sign-in after a reset", {
    screenshot: "login-after-reset",
  });
  await page.getByLabel("Email address").fill(user.email);
  await page.getByLabel("Password").fill("reset-and-remembered-9");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);

  // The link works once, and says so as soon as it opens again (decision record 090).
  await signOut(page);
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.goto(link);
  await expect(
    page.getByRole("heading", { name: "This link no longer works" }),
  ).toBeVisible();
  await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
  await expectAccessible(page, "reset password with a used link");
});

test.describe("on a phone, in Spanish", () => {
  test.use(SPANISH_PHONE);

  test("the forgot-password screen turns into 'check your inbox' with a resend a minute later", async ({
    page,
    users,
  }) => {
    const t = translator("es");
    const user = await users.create("olvido");
    await page.goto("/auth/forgot-password");
    await expect(page.getByLabel(t("Email address"))).toBeFocused();
    await page.getByLabel(t("Email address")).fill(user.email);
    await page
      .getByRole("button", { name: t("Email me a reset link") })
      .click();
    await expect(
      page.getByRole("heading", { name: t("Check your inbox") }),
    ).toBeVisible();
    await expect(page.getByLabel(t("Email address"))).toHaveCount(0);
    await expect(
      page.getByRole("button", {
        name: new RegExp(
          `^${t("Send again in :seconds s").replace(":seconds", "\\d+")}$`,
        ),
      }),
    ).toBeDisabled();
    await expectAccessible(page, "forgot password, link sent (es, phone)", {
      screenshot: "forgot-password-sent-es-phone",
    });
  });
});
