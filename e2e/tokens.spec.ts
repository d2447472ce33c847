import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import { confirmPasswordOf } from "./support/users";

type GetAuth = { authenticated: boolean; user: { email: string } | null };

test("a user creates a token, copies it, uses it as a bearer token, and revokes it", async ({
  page,
  context,
  users,
  guard,
  snap,
  baseURL,
}) => {
  const user = await users.create("integrator");
  await users.signIn(user);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/admin/tokens");
  await expect(page.getByText("No tokens yet")).toBeVisible();
  await expectAccessible(page, "tokens, none yet");

  guard.allow(/\/auth\/create-token$/, 422);
  guard.allow(/\/auth\/create-token$/, 423);
  await page.getByLabel("Token name").fill("CI deploy");
  // Abilities from the declared list only, as checkboxes (decision record 045).
  const abilities = page.getByRole("group", { name: "Abilities" });
  await abilities.getByRole("checkbox", { name: "user:write" }).check();
  await abilities.getByRole("checkbox", { name: "tokens:write" }).check();
  await expect(page.getByLabel("Expires", { exact: true })).toHaveValue("30");
  await page.getByLabel("Current password").fill("wrong-password");
  await page.getByRole("button", { name: "Create token" }).click();
  // Creating a token from a session is behind the step-up (decision record 024); then the form's own password is checked.
  const stepUp = page.getByRole("dialog", { name: "Confirm your password" });
  await stepUp.getByLabel("Password").fill(user.password);
  await stepUp.getByRole("button", { name: "Confirm" }).click();
  await expect(stepUp).toHaveCount(0);
  await expect(page.getByLabel("Current password")).toHaveAccessibleDescription(
    /These credentials do not match our records\./,
  );

  await page.getByLabel("Current password").fill(user.password);
  await page.getByRole("button", { name: "Create token" }).click();
  const shown = page.getByLabel("New token");
  // Sanctum 4's secret: the prefix, 40 characters and their crc32b (decision record 045).
  await expect(shown).toHaveText(/^\d+\|nla_[A-Za-z0-9]{40}[0-9a-f]{8}$/);
  const token = (await shown.textContent()) ?? "";
  await page.getByRole("button", { name: "Copy token" }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await snap("token-created");
  await expectAccessible(page, "tokens, new token shown");

  // SPEC §4 rule 4: the token authenticates `Authorization: Bearer` requests, without cookies.
  const whoAmI = async () => {
    const response = await fetch(`${baseURL}/auth/get-auth`, {
      headers: { Authorization: `Bearer ${token}`, Accept: "application/json" },
    });
    return (await response.json()) as GetAuth;
  };
  expect(await whoAmI()).toMatchObject({
    authenticated: true,
    user: { email: user.email },
  });

  await page.getByRole("button", { name: "Done" }).click();
  const row = page.getByRole("row", { name: /CI deploy/ });
  await expect(row).toContainText("user:write");
  await expect(row).toContainText("tokens:write");
  await snap("token-list");
  await expectAccessible(page, "tokens, listed");

  await row.getByRole("button", { name: "Revoke CI deploy" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectAccessible(page, "revoke-token dialog");
  await page
    .getByRole("dialog")
    .getByRole("button", { name: "Revoke token" })
    .click();
  await expect(page.getByText("No tokens yet")).toBeVisible();
  expect(await whoAmI()).toMatchObject({ authenticated: false, user: null });
});

test("revoke all removes every token of the user", async ({
  page,
  users,
  snap,
}) => {
  const user = await users.create("flusher");
  await confirmPasswordOf(user);
  await users.signIn(user);
  await page.goto("/admin/tokens");
  for (const name of ["first", "second"]) {
    await page.getByLabel("Token name").fill(name);
    await page.getByLabel("Current password").fill(user.password);
    await page.getByRole("button", { name: "Create token" }).click();
    await page.getByRole("button", { name: "Done" }).click();
    await expect(
      page.getByRole("row", { name: new RegExp(name) }),
    ).toBeVisible();
  }
  await page.getByRole("button", { name: "Revoke all" }).click();
  await snap("tokens-revoke-all-dialog");
  await expectAccessible(page, "revoke-all dialog");
  await page
    .getByRole("dialog")
    .getByRole("button", { name: "Revoke all" })
    .click();
  await expect(page.getByText("All tokens have been revoked.")).toBeVisible();
  await expect(page.getByText("No tokens yet")).toBeVisible();
});

test("a user rolls a token with a grace: both are listed, the new secret is shown once", async ({
  page,
  users,
}) => {
  const user = await users.create("roller");
  await confirmPasswordOf(user);
  await users.signIn(user);
  await page.goto("/admin/tokens");
  await page.getByLabel("Token name").fill("nightly");
  await page.getByLabel("Current password").fill(user.password);
  await page.getByRole("button", { name: "Create token" }).click();
  await page.getByRole("button", { name: "Done" }).click();
  await page.getByRole("button", { name: "Roll nightly" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("The old secret keeps working").selectOption("3600");
  await expectAccessible(page, "roll-token dialog");
  await dialog.getByRole("button", { name: "Roll token" }).click();
  await expect(page.getByLabel("New token")).toHaveText(
    /^\d+\|nla_[A-Za-z0-9]{40}[0-9a-f]{8}$/,
  );
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("row", { name: /nightly/ })).toHaveCount(2);
  await expect(page.getByText(/Replaced; works until/)).toBeVisible();
  await expectAccessible(page, "tokens, rolled");
});
