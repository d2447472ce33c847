import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import { LANGUAGE_VARIANTS } from "./support/devices";
import { revertSettings } from "./support/settings";
import { translator } from "./support/translator";
import {
  confirmPasswordOf,
  DEFAULT_PASSWORD,
  postJson,
  signOut,
  type TestUser,
  uniqueEmail,
  xsrfHeader,
} from "./support/users";

// Decision record 108: with proof-of-work challenges on, the bundled screens fetch and solve one
// in the background and send it with the form; a person notices nothing. Turned on through the
// settings API for these tests only and put back after, pass or fail: every other spec registers
// its users through the API without one.
const KEYS = ["challenge.enabled", "challenge.max-number"];

async function turnOnChallenges(admin: TestUser) {
  await confirmPasswordOf(admin);
  for (const [key, value] of [
    ["challenge.enabled", true],
    // Small, so the journey's solving stays quick on a busy machine; the default is 50,000.
    ["challenge.max-number", 5000],
  ] as const) {
    const response = await admin.api.put("/api/admin/settings", {
      data: { key, value },
      headers: await xsrfHeader(admin.api),
    });
    expect(response.ok(), await response.text()).toBe(true);
  }
}

/** The `altcha` field of the next POST to `path`, sent while `act` runs. */
async function altchaSentTo(
  page: Page,
  path: RegExp,
  act: () => Promise<void>,
) {
  const [request] = await Promise.all([
    page.waitForRequest(
      (request) => path.test(request.url()) && request.method() === "POST",
    ),
    act(),
  ]);
  return (request.postDataJSON() as { altcha?: unknown }).altcha;
}

for (const variant of LANGUAGE_VARIANTS) {
  test.describe(`Proof-of-work challenges (${variant.name})`, () => {
    test.use(variant.use);

    test("a visitor asks for a reset link, registers, and signs in after failed attempts, without noticing the check", async ({
      page,
      users,
      guard,
    }) => {
      const t = translator(variant.locale);
      const admin = await users.admin();
      try {
        await turnOnChallenges(admin);
        // The server asks now: a guest's form sent without a solution is refused on `altcha`.
        const unsolved = await postJson(page.request, "/auth/forgot-password", {
          email: admin.email,
        });
        expect(unsolved.status()).toBe(422);
        expect((await unsolved.json()).errors).toHaveProperty("altcha");

        const email = uniqueEmail(`pow-${variant.slug}`);
        await page.goto("/auth/forgot-password");
        await page.getByLabel(t("Email address")).fill(admin.email);
        const asked = await altchaSentTo(page, /\/auth\/forgot-password$/, () =>
          page
            .getByRole("button", { name: t("Email me a reset link") })
            .click(),
        );
        expect(asked).toEqual(expect.stringMatching(/^[A-Za-z0-9+/=]+$/));
        await expect(
          page.getByRole("heading", { name: t("Check your inbox") }),
        ).toBeVisible();

        await page.goto("/auth/register");
        await page.getByLabel(t("Name")).fill("Paula Patient");
        await page.getByLabel(t("Email address")).fill(email);
        await page
          .getByLabel(t("Password"), { exact: true })
          .fill(DEFAULT_PASSWORD);
        await page.getByLabel(t("Confirm password")).fill(DEFAULT_PASSWORD);
        await expectAccessible(page, "register, challenge on", {
          screenshot: `challenge-register-${variant.slug}`,
        });
        const registered = await altchaSentTo(page, /\/auth\/register$/, () =>
          page.getByRole("button", { name: t("Create account") }).click(),
        );
        expect(registered).toEqual(expect.stringMatching(/^[A-Za-z0-9+/=]+$/));
        await expect(page).toHaveURL(/\/admin$/);

        await signOut(page, t("Sign out"));
        await page.goto("/auth/login");
        guard.allow(/\/auth\/login$/, 422);
        const password = page.getByLabel(t("Password"), { exact: true });
        await page.getByLabel(t("Email address")).fill(email);
        for (let attempt = 0; attempt < 3; attempt += 1) {
          await password.fill("not-the-password");
          await page
            .getByRole("button", { name: t("Sign in"), exact: true })
            .click();
          await expect(
            page.getByLabel(t("Email address")),
          ).toHaveAccessibleDescription(
            t("These credentials do not match our records."),
          );
        }
        // The address has failed three times: a sign-in without a solution, from the page
        // itself (the browser's address), is now refused on `altcha`.
        const refused = await page.evaluate(
          async ([email, password]) => {
            const xsrf = document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? "";
            const response = await fetch("/auth/login", {
              method: "POST",
              headers: {
                "Content-Type": "application/json",
                Accept: "application/json",
                "X-XSRF-TOKEN": decodeURIComponent(xsrf),
              },
              body: JSON.stringify({ email, password }),
            });
            return [
              response.status,
              Object.keys((await response.json()).errors ?? {}),
            ];
          },
          [email, DEFAULT_PASSWORD],
        );
        expect(refused).toEqual([422, ["altcha"]]);
        await expectAccessible(page, "sign-in after failures, challenge on", {
          screenshot: `challenge-sign-in-${variant.slug}`,
        });
        await password.fill(DEFAULT_PASSWORD);
        const signedIn = await altchaSentTo(page, /\/auth\/login$/, () =>
          page.getByRole("button", { name: t("Sign in"), exact: true }).click(),
        );
        expect(signedIn).toEqual(expect.stringMatching(/^[A-Za-z0-9+/=]+$/));
        await expect(page).toHaveURL(/\/admin$/);
        await expect(
          page.getByRole("heading", {
            name: t("Welcome, :name", { name: "Paula Patient" }),
          }),
        ).toBeVisible();
      } finally {
        // With this session: a new administrator's sign-in from this address would now be asked too.
        await revertSettings(admin, KEYS);
      }
    });
  });
}
