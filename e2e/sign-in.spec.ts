import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import { requestsSettled } from "./support/requests-in-flight";

test("a signed-out visitor signs in and comes back to the screen they asked for", async ({
  page,
  users,
  guard,
}) => {
  const user = await users.create("returning", { name: "Rita Returning" });
  await page.goto("/admin/account/tokens");
  await expect(page).toHaveURL(
    /\/auth\/login\?redirect=%2Fadmin%2Faccount%2Ftokens$/,
  );
  // The screen as it settles: the providers' list arrives after the form.
  await expect(
    page.getByRole("link", { name: "Continue with Acme ID" }),
  ).toBeVisible();
  await expectAccessible(page, "sign-in");

  guard.allow(/\/auth\/login$/, 422);
  await page.getByLabel("Email address").fill(user.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  const email = page.getByLabel("Email address");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAccessibleDescription(
    "These credentials do not match our records.",
  );
  await expectAccessible(page, "sign-in with wrong credentials", {
    screenshot: "login-bad-credentials",
  });

  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/account\/tokens$/);
  await expect(
    page.getByRole("heading", { name: "API tokens", level: 2 }),
  ).toBeVisible();
  await expectAccessible(page, "tokens", {
    screenshot: "signed-in-after-redirect",
  });
});

test("an external redirect is ignored: the sign-in lands on the dashboard", async ({
  page,
  users,
}) => {
  const user = await users.create("cautious");
  await page.goto("/auth/login?redirect=//evil.example/steal");
  await page.getByLabel("Email address").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/admin$/);
  await expect(
    page.getByRole("heading", { name: `Welcome, ${user.name}` }),
  ).toBeVisible();
  await expectAccessible(page, "dashboard", {
    screenshot: "external-redirect-ignored",
  });
});

test("the keyboard alone is enough to sign in", async ({ page, users }) => {
  const user = await users.create("keyboard");
  await page.goto("/auth/login");
  await page.getByLabel("Email address").focus();
  await page.keyboard.type(user.email);
  // Email, then password (decision record 070): the "forgot" link drawn on the password's label
  // line comes after the field in the tab order, past its Show toggle.
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Password")).toBeFocused();
  await page.keyboard.type(user.password);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(
    page.getByRole("link", { name: "Forgot your password?" }),
  ).toBeFocused();
  await page.getByLabel("Password").focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin$/);
});

test("a session that ends meanwhile sends the user to sign in, then back to the same screen", async ({
  page,
  context,
  users,
  guard,
  snap,
}) => {
  const user = await users.create("expired");
  await users.signIn(user);
  await page.goto("/admin/account/profile");
  await expect(
    page.getByRole("heading", { name: "Account settings", level: 1 }),
  ).toBeVisible();
  await expectAccessible(page, "profile");

  // Signed out elsewhere: the next call answers 401 (contract §4 rule 7).
  await context.clearCookies();
  guard.allow(/\/api\/app\/user\/update$/, 401);
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page).toHaveURL(
    /\/auth\/login\?redirect=%2Fadmin%2Faccount%2Fprofile$/,
  );
  await snap("login-after-session-ended");

  await page.getByLabel("Email address").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/account\/profile$/);
});

test("a password sent before the screen asks for passkey suggestions signs in, and no request for them follows", async ({
  page,
  users,
}) => {
  const user = await users.create("quick", { name: "Quinn Quick" });
  // The screen asks for the suggestions once the browser says it can offer them. That answer is
  // held here until the password's sign-in has answered: a busy machine, where the person (or a
  // password manager) is faster than the page. Asked for then, the guest's route refused the
  // signed-in browser (403).
  await page.addInitScript(() => {
    const check = window.PublicKeyCredential.isConditionalMediationAvailable;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    Object.assign(window, { releaseAutofillCheck: release });
    Object.defineProperty(
      window.PublicKeyCredential,
      "isConditionalMediationAvailable",
      { value: () => held.then(() => check.call(window.PublicKeyCredential)) },
    );
  });
  let signedIn = false;
  const askedAfterSignIn: string[] = [];
  page.on("request", (request) => {
    if (signedIn && /\/auth\/passkeys\/login\/options$/.test(request.url()))
      askedAfterSignIn.push(request.url());
  });

  await page.goto("/auth/login");
  await page.getByLabel("Email address").fill(user.email);
  await page.getByRole("textbox", { name: "Password" }).fill(user.password);
  const answered = page.waitForResponse(
    (response) =>
      /\/auth\/login$/.test(response.url()) &&
      response.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  expect((await answered).status()).toBe(200);
  signedIn = true;
  await page.evaluate(() =>
    (
      window as unknown as { releaseAutofillCheck(): void }
    ).releaseAutofillCheck(),
  );
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("banner").getByText("Quinn Quick")).toBeVisible();
  await requestsSettled(page);
  expect(askedAfterSignIn).toEqual([]);
});
