import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import { useAcmeProvider } from "./support/acme-provider";
import { linkIn, waitForMail } from "./support/outbox";
import { postJson, uniqueEmail } from "./support/users";

// Social login through the `acme` OIDC provider that playwright.config.ts declares.
const acme = useAcmeProvider();

test("a new person signs in with the provider: an account is created and verified", async ({
  page,
}) => {
  const email = uniqueEmail("social");
  acme.provider.setUser({
    sub: email,
    email,
    email_verified: true,
    name: "Sol Social",
  });
  await page.goto("/auth/login");
  const button = page.getByRole("link", { name: "Continue with Acme ID" });
  await expect(button).toBeVisible();
  await expectAccessible(page, "sign-in with a provider", {
    screenshot: "login-with-provider",
  });
  await button.click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText(email).first()).toBeVisible();
  await expect(
    page.getByRole("button", { name: "Resend verification email" }),
  ).toHaveCount(0);
});

test("an existing account, its address verified, is signed into by its verified provider email", async ({
  page,
  users,
}) => {
  const user = await users.create("existing");
  // Verified first: the provider's sign-in enters it and changes nothing else (record 007).
  const mail = await waitForMail(user.email, {
    subject: /Verify Email Address/,
  });
  expect(
    (
      await user.api.get(linkIn(mail, /\/auth\/email\/verify\//), {
        headers: { Accept: "application/json" },
      })
    ).status(),
  ).toBe(200);
  acme.provider.setUser({
    sub: `x-${user.id}`,
    email: user.email.toUpperCase(),
    email_verified: true,
    name: "Someone Else",
  });
  await page.goto("/auth/login");
  await page.getByRole("link", { name: "Continue with Acme ID" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText(user.email).first()).toBeVisible();
});

test("an account whose address was never verified is claimed: signed in, the owner mailed, the old password refused", async ({
  page,
  users,
  snap,
}) => {
  // Registered by someone else, who chose the password, before the owner of the address came.
  const squatter = await users.create("claimed");
  acme.provider.setUser({
    sub: `c-${squatter.id}`,
    email: squatter.email,
    email_verified: true,
    name: "Rightful Owner",
  });
  await page.goto("/auth/login");
  await page.getByRole("link", { name: "Continue with Acme ID" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText(squatter.email).first()).toBeVisible();
  await expect(
    page.getByRole("button", { name: "Resend verification email" }),
  ).toHaveCount(0);
  await snap("social-claimed-account");
  const notice = await waitForMail(squatter.email, {
    subject: /signed into with acme/,
  });
  expect(notice.text).toContain("/auth/forgot-password");
  // The squatter's session has ended, and their password no longer opens the account.
  const auth = await squatter.api.get("/auth/get-auth", {
    headers: { Accept: "application/json" },
  });
  expect(await auth.json()).toMatchObject({ authenticated: false });
  const login = await postJson(squatter.api, "/auth/login", {
    email: squatter.email,
    password: squatter.password,
  });
  expect(login.status()).toBe(422);
});

test("a refusal at the provider comes back to the login screen with a message", async ({
  page,
}) => {
  acme.provider.refuseNextAuthorization("access_denied");
  await page.goto("/auth/login");
  await page.getByRole("link", { name: "Continue with Acme ID" }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(
    page.getByRole("alert").filter({ hasText: "refused by the provider" }),
  ).toContainText("The sign-in was cancelled or refused by the provider.");
});
