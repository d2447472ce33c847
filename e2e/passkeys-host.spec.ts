import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";

// Passkeys are offered only where they can work (issue 25, decision record 070): the relying
// party is APP_URL's host (localhost here), so the same login screen reached by the loopback
// address shows no passkey control and no error before the visitor does anything.
const PASSKEY_BUTTON = { name: "Sign in with a passkey" };

test("the login screen offers a passkey on APP_URL's host, and nothing about passkeys on an IP address", async ({
  page,
  baseURL,
}) => {
  await page.goto("/auth/login");
  await expect(page.getByRole("button", PASSKEY_BUTTON)).toBeVisible();
  // The first field is ready to type into.
  await expect(page.getByLabel("Email address")).toBeFocused();

  const byAddress = new URL("/auth/login", baseURL);
  byAddress.hostname = "127.0.0.1";
  await page.goto(byAddress.toString());
  await expect(page.getByLabel("Email address")).toBeFocused();
  await expect(page.getByRole("button", PASSKEY_BUTTON)).toHaveCount(0);
  await expect(page.getByText(/passkey/i)).toHaveCount(0);
  // No error either (the live regions that are there stay empty).
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveCount(
    0,
  );
  await expectAccessible(page, "login on an IP address", {
    screenshot: "login-on-an-ip-address",
  });
});
