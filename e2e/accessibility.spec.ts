import type { Page } from "@playwright/test";
import type { Locale } from "../lib/i18n/catalog";
import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import { translator } from "./support/translator";
import { totpCode } from "./support/two-factor";
import { confirmPasswordOf, postJson } from "./support/users";

// Every screen through axe-core in the combinations the journeys (English, desktop) do not cover:
// Spanish on a desktop, and Spanish and English on a phone, where the navigation becomes a row of
// tabs and the header drops its words for icons.
const DESKTOP = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };

const VARIANTS: { title: string; locale: Locale; phone: boolean }[] = [
  { title: "Spanish, desktop", locale: "es", phone: false },
  { title: "Spanish, phone", locale: "es", phone: true },
  { title: "English, phone", locale: "en", phone: true },
];

for (const variant of VARIANTS) {
  test.describe(variant.title, () => {
    // Long journeys, each screen checked by axe twice (light and dark, e2e/support).
    test.slow();
    test.use({
      locale: variant.locale === "es" ? "es-ES" : "en-US",
      viewport: variant.phone ? PHONE : DESKTOP,
      isMobile: variant.phone,
      hasTouch: variant.phone,
    });
    const t = translator(variant.locale);
    /** axe on the screen as it is now, and a screenshot to look at: a11y-<variant>-<screen>.png. */
    const checker = (page: Page) => async (screen: string) =>
      expectAccessible(page, `${screen} (${variant.title})`, {
        screenshot: `a11y-${variant.title.replace(", ", "-")}-${screen}`
          .toLowerCase()
          .replaceAll(" ", "-"),
      });

    test("the signed-out screens and the 404 page", async ({ page, guard }) => {
      const check = checker(page);
      await page.goto("/auth/login");
      await expect(
        page.getByRole("heading", { name: t("Sign in to your account") }),
      ).toBeVisible();
      await expect(
        page.getByRole("link", {
          name: t("Continue with :provider", { provider: "Acme ID" }),
        }),
      ).toBeVisible();
      await check("sign-in");

      guard.allow(/\/auth\/login$/, 422);
      await page.getByLabel(t("Email address")).fill("nobody@example.test");
      await page.getByLabel(t("Password")).fill("not-a-password");
      await page
        .getByRole("button", { name: t("Sign in"), exact: true })
        .click();
      await expect(page.getByLabel(t("Email address"))).toHaveAttribute(
        "aria-invalid",
        "true",
      );
      await check("sign-in with an error");

      await page.goto("/auth/register");
      await expect(
        page.getByRole("heading", { name: t("Create your account") }),
      ).toBeVisible();
      await check("register");

      await page.goto("/auth/forgot-password");
      await expect(
        page.getByRole("heading", { name: t("Forgot your password?") }),
      ).toBeVisible();
      await check("forgot password");

      await page.goto(
        `/auth/reset-password/${"0".repeat(64)}/${encodeURIComponent("someone@example.test")}`,
      );
      // A link nobody mailed: the screen says so at once and offers a new one (decision record 090).
      await expect(
        page.getByRole("heading", { name: t("This link no longer works") }),
      ).toBeVisible();
      await check("reset password, a dead link");

      guard.allow(/\/no-such-page$/, 404);
      await page.goto("/no-such-page");
      await expect(
        page.getByRole("heading", { name: t("Page not found") }),
      ).toBeVisible();
      await check("404");
    });

    test("a user's screens, a dialog, and the 403 page", async ({
      page,
      users,
    }) => {
      const check = checker(page);
      const user = await users.create("a11y", { name: "Alex Access" });
      await confirmPasswordOf(user);
      expect(
        (
          await postJson(user.api, "/auth/create-token", {
            email: user.email,
            password: user.password,
            name: "deploy",
          })
        ).ok(),
      ).toBe(true);
      await users.signIn(user);

      await page.goto("/admin");
      await expect(
        page.getByRole("heading", {
          name: t("Welcome, :name", { name: user.name }),
        }),
      ).toBeVisible();
      await check("dashboard");

      await page.goto("/admin/account/profile");
      await expect(
        page.getByRole("heading", { name: t("Account settings"), level: 1 }),
      ).toBeVisible();
      await check("profile");
      await page.goto("/admin/account/data");
      await page.getByRole("button", { name: t("Delete my account") }).click();
      await expect(
        page.getByRole("dialog", { name: t("Delete your account?") }),
      ).toBeVisible();
      await check("delete-account dialog");
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);

      await page.goto("/admin/account/tokens");
      await expect(
        page.getByRole("article", { name: "deploy", exact: true }),
      ).toBeVisible();
      await check("tokens");
      await page.getByRole("button", { name: t("Revoke all") }).click();
      await expect(
        page.getByRole("dialog", { name: t("Revoke all tokens?") }),
      ).toBeVisible();
      await check("revoke-all dialog");
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);

      await page.goto("/admin/users");
      await expect(
        page.getByRole("heading", {
          name: t("You do not have access to this page"),
        }),
      ).toBeVisible();
      await check("403");
    });

    test("the second factor's screens: step-up, set-up, recovery codes, sessions and the challenge", async ({
      page,
      context,
      users,
      guard,
    }) => {
      const check = checker(page);
      const user = await users.create("a11y-2fa", {
        name: "Íñigo Dos Pasos",
        verified: true,
      });
      await users.signIn(user);
      await page.goto("/admin/account/security");
      const card = page.getByRole("region", {
        name: t("Two-factor authentication"),
      });
      guard.allow(/\/auth\/user\/two-factor-authentication$/, 423);
      await card
        .getByRole("button", { name: t("Set up two-factor authentication") })
        .click();
      const stepUp = page.getByRole("dialog", {
        name: t("Confirm your password"),
      });
      await expect(stepUp.getByLabel(t("Password"))).toBeFocused();
      await check("step-up dialog");
      await stepUp.getByLabel(t("Password")).fill(user.password);
      await stepUp.getByRole("button", { name: t("Confirm") }).click();
      const secretKey = card.getByTestId("two-factor-secret");
      await expect(secretKey).toBeVisible();
      await check("two-factor setup");
      await card
        .getByLabel(t("Authentication code"))
        .fill(totpCode((await secretKey.textContent()) ?? ""));
      await card
        .getByRole("button", { name: t("Confirm and turn on") })
        .click();
      await expect(
        card
          .getByRole("list", { name: t("Recovery codes") })
          .getByRole("listitem"),
      ).toHaveCount(8);
      await check("recovery codes");
      await card.getByRole("button", { name: t("Done") }).click();
      await expect(
        page
          .getByRole("list", { name: t("Browser sessions") })
          .getByText(t("This device")),
      ).toBeVisible();
      // From the top, as the page opens: scrolled, the sticky bar covers part of a button, which axe counts against it.
      await page.evaluate(() => window.scrollTo(0, 0));
      await check("profile with two-factor and sessions");

      await context.clearCookies();
      await page.goto("/auth/login");
      await page.getByLabel(t("Email address")).fill(user.email);
      await page.getByLabel(t("Password")).fill(user.password);
      await page
        .getByRole("button", { name: t("Sign in"), exact: true })
        .click();
      await expect(page.getByLabel(t("Authentication code"))).toBeFocused();
      await check("two-factor challenge");
      await page
        .getByRole("button", { name: t("Use a recovery code") })
        .click();
      await expect(page.getByLabel(t("Recovery code"))).toBeFocused();
      await check("two-factor challenge with a recovery code");
    });

    test("the administration screens, a dialog, and the impersonation banner", async ({
      page,
      users,
    }) => {
      const check = checker(page);
      const target = await users.create("a11y-target", {
        name: "Tomás Target",
      });
      await users.signIn(await users.admin());

      await page.goto("/admin/users");
      await page
        .getByRole("searchbox", { name: t("Search users") })
        .fill(target.email);
      await page
        .getByRole("button", { name: t("Search"), exact: true })
        .click();
      // Each variant adds a Tomás: the address tells them apart. A phone lists cards instead of
      // the table, the actions under each (decision record 070).
      await expect(
        page.getByRole(variant.phone ? "article" : "row", {
          name: target.email,
        }),
      ).toBeVisible();
      await check("users");

      await page
        .getByRole("button", {
          name: t("More actions for :name", { name: target.name }),
        })
        .click();
      await page
        .getByRole("button", {
          name: t("Sessions of :name", { name: target.name }),
        })
        .click();
      const sessions = page.getByRole("dialog", {
        name: t("Sessions of :name", { name: target.name }),
      });
      await expect(sessions.getByRole("listitem")).toHaveCount(1);
      await check("user sessions dialog");
      await sessions
        .getByRole("button", { name: t("Close"), exact: true })
        .click();
      await expect(sessions).toHaveCount(0);

      await page
        .getByRole("button", {
          name: t("Impersonate :name", { name: target.name }),
        })
        .click();
      const dialog = page.getByRole("dialog", {
        name: t("Act as :name?", { name: target.name }),
      });
      await expect(dialog).toBeVisible();
      await check("impersonate dialog");
      await dialog
        .getByRole("button", { name: t("Impersonate"), exact: true })
        .click();
      const banner = page.getByRole("region", { name: t("Impersonation") });
      await expect(banner).toBeVisible();
      await expect(
        page.getByRole("heading", {
          name: t("Welcome, :name", { name: target.name }),
        }),
      ).toBeVisible();
      await check("dashboard while impersonating");
      await banner
        .getByRole("button", { name: t("Return to my account") })
        .click();
      await expect(banner).toHaveCount(0);

      await page.goto("/admin/activity");
      await expect(
        page.getByRole("heading", { name: t("Activity"), level: 1 }),
      ).toBeVisible();
      // A table from tablet width, a card per entry on a phone.
      await expect(
        page
          .getByRole("row")
          .nth(1)
          .or(
            page
              .getByRole("list", { name: t("Activity") })
              .getByRole("listitem")
              .first(),
          ),
      ).toBeVisible();
      await check("activity");

      await page.goto("/admin/settings");
      await expect(page).toHaveURL(/\/admin\/settings\/access$/);
      await expect(page.getByRole("form", { name: t("Access") })).toBeVisible();
      await check("settings");
      await page
        .getByRole("navigation", { name: t("Settings") })
        .getByRole("link", { name: t("Routes") })
        .click();
      await expect(page).toHaveURL(/\/admin\/settings\/routes$/);
      // The route table is folded under its heading (decision record 091): opened, it is checked too.
      await page.getByRole("heading", { name: t("Routes"), level: 3 }).click();
      // Wider than a phone, the route table scrolls sideways, and so can be reached from the keyboard.
      if (variant.phone)
        await expect(
          page.getByRole("region", {
            name: t(":table (scrolls sideways)", { table: t("Routes") }),
          }),
        ).toHaveAttribute("tabindex", "0");
      await check("settings routes");

      await page.goto("/admin/mail");
      await expect(
        page.getByRole("heading", { name: t("Queued") }),
      ).toBeVisible();
      await expect(page.getByText(t("Loading mail…"))).toHaveCount(0);
      await check("mail");

      await page.goto("/admin/webhooks");
      await expect(
        page.getByRole("heading", { name: t("Webhooks"), level: 1 }),
      ).toBeVisible();
      await expect(page.getByText(t("Loading webhooks…"))).toHaveCount(0);
      await page.getByLabel(t("All events")).uncheck();
      await check("webhooks");
    });
  });
}
