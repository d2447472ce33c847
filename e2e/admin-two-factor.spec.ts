import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import { enrolThroughApi } from "./support/two-factor";

test("an administrator sees a user's second factor and sessions, ends a session, and resets the second factor after the step-up", async ({
  page,
  users,
  guard,
  snap,
}) => {
  const target = await users.create("enrolled", {
    name: "Ernesto Enrolled",
    verified: true,
  });
  await enrolThroughApi(target);
  await users.signIn(await users.admin());
  await page.goto("/admin/users");
  await page
    .getByRole("searchbox", { name: "Search users" })
    .fill(target.email);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const row = page.getByRole("row", { name: /Ernesto Enrolled/ });
  await expect(row.getByRole("cell").nth(2)).toHaveText("On");
  await snap("admin-users-two-factor");

  await row
    .getByRole("button", { name: "More actions for Ernesto Enrolled" })
    .click();
  await row
    .getByRole("button", { name: "Sessions of Ernesto Enrolled" })
    .click();
  const sessions = page.getByRole("dialog", {
    name: "Sessions of Ernesto Enrolled",
  });
  const list = sessions.getByRole("list", {
    name: "Sessions of Ernesto Enrolled",
  });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expectAccessible(page, "a user's sessions", {
    screenshot: "admin-user-sessions",
  });
  await list.getByRole("button", { name: /^Sign out / }).click();
  await expect(sessions.getByText("No signed-in browsers")).toBeVisible();
  const whoAmI = await target.api.get("/auth/get-auth", {
    headers: { Accept: "application/json" },
  });
  expect(
    ((await whoAmI.json()) as { authenticated: boolean }).authenticated,
  ).toBe(false);
  await sessions.getByRole("button", { name: "Close", exact: true }).click();
  await expect(sessions).toHaveCount(0);

  guard.allow(/\/api\/admin\/users\/\d+\/two-factor$/, 423);
  await row
    .getByRole("button", { name: "More actions for Ernesto Enrolled" })
    .click();
  await expectAccessible(page, "a user's actions", {
    screenshot: "admin-user-actions",
  });
  await row
    .getByRole("button", { name: "Reset two-factor for Ernesto Enrolled" })
    .click();
  const question = page.getByRole("dialog", {
    name: "Reset two-factor authentication for Ernesto Enrolled?",
  });
  await expectAccessible(page, "reset two-factor dialog");
  await question.getByRole("button", { name: "Reset two-factor" }).click();
  const stepUp = page.getByRole("dialog", { name: "Confirm your password" });
  await stepUp.getByLabel("Password").fill("correct-horse-42");
  await stepUp.getByRole("button", { name: "Confirm" }).click();
  await expect(question).toHaveCount(0);
  await expect(row.getByRole("cell").nth(2)).toHaveText("Off");
  await row
    .getByRole("button", { name: "More actions for Ernesto Enrolled" })
    .click();
  await expect(
    row.getByRole("button", { name: "Reset two-factor for Ernesto Enrolled" }),
  ).toHaveCount(0);
  await snap("admin-users-two-factor-reset");
});
