import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import { LANGUAGE_VARIANTS } from "./support/devices";
import { translator } from "./support/translator";
import { enrolThroughApi } from "./support/two-factor";

// Decision record 090: while an administrator acts as a user, the screens offer only what the
// server allows then (the route rows' credential classes, carried by the route manifest), and
// the account menu's way out is "Return to my account" alone.
for (const variant of LANGUAGE_VARIANTS) {
  test.describe(`Acting as a user (${variant.name})`, () => {
    test.use(variant.use);
    test.describe.configure({ timeout: 180_000 });

    test("Security offers no action the server refuses while impersonating, and the menu has no Sign out", async ({
      page,
      context,
      users,
      snap,
    }) => {
      const t = translator(variant.locale);
      const target = await users.create(`acted-${variant.slug}`, {
        name: "Tina Target",
        verified: true,
      });
      await enrolThroughApi(target);
      const admin = await users.admin();
      await users.signIn(admin);
      // The administrator's home asks for the server's health: that answer arrives before the
      // session becomes the user's, or the panel's request would be refused mid-way.
      const health = page.waitForResponse("**/api/admin/health");
      await page.goto("/admin");
      expect((await health).status()).toBe(200);
      // Impersonation itself is another journey (e2e/impersonation.spec.ts): started here as the
      // users screen starts it, through the API with the browser's session.
      const xsrf = (await context.cookies()).find(
        (cookie) => cookie.name === "XSRF-TOKEN",
      )?.value;
      const headers = {
        Accept: "application/json",
        "X-XSRF-TOKEN": xsrf ?? "",
      };
      const started = await page.request.post("/auth/impersonate", {
        data: { target_user_id: target.id },
        headers,
      });
      expect(started.status()).toBe(200);
      const { token } = (await started.json()) as { token: string };
      expect(
        (
          await page.request.get(`/auth/impersonate/${token}`, { headers })
        ).status(),
      ).toBe(200);

      await page.goto("/admin/account/security");
      await expect(
        page.getByText(
          t(
            "You are acting as this user: changing how they sign in is theirs alone, so those actions are not offered here.",
          ),
        ),
      ).toBeVisible();
      // The second factor's state is shown; nothing that would change it is offered.
      await expect(
        page.getByRole("heading", { name: t("Two-factor authentication") }),
      ).toBeVisible();
      await expect(page.getByText(t("On"), { exact: true })).toBeVisible();
      const main = page.getByRole("main");
      for (const refused of [
        t("Change password"),
        t("Update password"),
        t("Turn off"),
        t("Regenerate recovery codes"),
        t("Show recovery codes"),
        t("Add a passkey"),
        t("Sign out other browsers"),
      ])
        await expect(
          main
            .getByRole("button", { name: refused })
            .or(main.getByRole("heading", { name: refused })),
        ).toHaveCount(0);
      await expect(main.getByLabel(t("Current password"))).toHaveCount(0);
      await expectAccessible(page, `security while acting (${variant.name})`, {
        screenshot: `acting-security-${variant.slug}`,
      });

      // API tokens: the list is there, nothing to create, roll or revoke.
      await page.goto("/admin/account/tokens");
      await expect(
        page.getByRole("heading", { name: t("Your tokens") }),
      ).toBeVisible();
      await expect(
        page.getByRole("heading", { name: t("Create a token") }),
      ).toHaveCount(0);

      // The account menu: the way back, and no Sign out beside it.
      const menuButton = page.getByRole("banner").getByRole("button", {
        name: `Tina Target ${target.email} ${t("(account menu)")}`,
      });
      await menuButton.click();
      const panel = page.locator(
        `[id="${await menuButton.getAttribute("aria-controls")}"]`,
      );
      await expect(
        panel.getByRole("button", { name: t("Return to my account") }),
      ).toBeVisible();
      await expect(
        panel.getByRole("button", { name: t("Sign out"), exact: true }),
      ).toHaveCount(0);
      await snap(`acting-menu-${variant.slug}`);
      await expectAccessible(
        page,
        `account menu while acting (${variant.name})`,
      );

      // Back in their own account, the administrator's menu signs out again.
      await panel
        .getByRole("button", { name: t("Return to my account") })
        .click();
      await expect(page).toHaveURL(/\/admin\/users$/);
      const ownMenu = page.getByRole("banner").getByRole("button", {
        name: `${admin.name} ${admin.email} ${t("(account menu)")}`,
      });
      await ownMenu.click();
      await expect(
        page.getByRole("button", { name: t("Sign out"), exact: true }),
      ).toBeVisible();
    });
  });
}
