import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/accessibility";
import { translator } from "./support/translator";
import { confirmPasswordOf, postJson, type TestUser } from "./support/users";
import { toasts } from "./support/toasts";

type GetAuth = { authenticated: boolean; user: { email: string } | null };

const TOKEN_SHAPE = /^\d+\|nla_[A-Za-z0-9]{40}[0-9a-f]{8}$/;
const PHONE = { width: 390, height: 844 };

/** The card of the token named `name` in the list. */
const tokenCard = (page: Page, name: string) =>
  page.getByRole("article", { name, exact: true });

/** Nothing on the page is wider than the screen, and every button is inside it. */
async function expectNothingOffScreen(page: Page) {
  const { scrollWidth, width } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(width);
  for (const button of await page.getByRole("main").getByRole("button").all()) {
    if (!(await button.isVisible())) continue;
    const box = await button.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
  }
}

const bearerWhoAmI = async (baseURL: string | undefined, token: string) => {
  const response = await fetch(`${baseURL}/auth/get-auth`, {
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: "application/json",
      "User-Agent": "deploy-bot/2.1",
    },
  });
  return (await response.json()) as GetAuth;
};

test("a user creates a token with the password asked once, copies it, uses it as a bearer token, and revokes it", async ({
  page,
  context,
  users,
  guard,
  baseURL,
}) => {
  // The longest journey of the file: axe in both schemes on two screens.
  test.slow();
  const user = await users.create("integrator");
  await users.signIn(user);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/admin/account/tokens");
  await expect(page.getByText("No tokens yet")).toBeVisible();
  // Nothing to revoke: no greyed "Revoke all" beside the empty list.
  await expect(page.getByRole("button", { name: "Revoke all" })).toHaveCount(0);
  await expectAccessible(page, "tokens-empty", { screenshot: "tokens-empty" });

  guard.allow(/\/auth\/create-token$/, 422);
  await page.getByLabel("Token name").fill("CI deploy");
  // Abilities from the declared list only, as checkboxes (decision record 045), and every
  // ability as a box of its own: nothing checked is an error, never `*` (decision record 011).
  const abilities = page.getByRole("group", { name: "Abilities" });
  await expect(abilities.getByRole("checkbox")).toHaveCount(4);
  const all = abilities.getByRole("checkbox", { name: "All abilities (*)" });
  await expect(all).not.toBeChecked();
  await page.getByLabel("Current password").fill(user.password);
  await page.getByRole("button", { name: "Create token" }).click();
  await expect(all).toBeFocused();
  await expect(all).toHaveAccessibleDescription(
    "Choose at least one ability, or all abilities.",
  );
  await expect(abilities).toHaveAccessibleDescription(
    /Choose at least one ability, or all abilities\.$/,
  );
  await expect(page.getByText("No tokens yet")).toBeVisible();
  await all.check();
  await expect(abilities.getByRole("checkbox")).toHaveCount(1);
  await all.uncheck();
  await abilities.getByRole("checkbox", { name: "user:write" }).check();
  await abilities.getByRole("checkbox", { name: "tokens:write" }).check();
  await expect(
    abilities.getByRole("checkbox", { name: "tokens:write" }),
  ).toHaveAccessibleDescription("Revoke and roll tokens.");
  // Expiry presets, a date, and no expiry (allowed by the default configuration).
  const expires = page.getByLabel("Expires", { exact: true });
  await expect(expires).toHaveValue("30");
  await expect(expires.getByRole("option")).toHaveText([
    "7 days",
    "30 days",
    "90 days",
    "365 days",
    "On a date",
    "Never",
  ]);
  await expect(expires).toHaveAccessibleDescription(/^Expires on .+\.$/);
  await expires.selectOption("date");
  await expect(page.getByLabel("Expires on")).toHaveAttribute("type", "date");
  await expires.selectOption("90");

  // A wrong password: its error on the form's field, and no second prompt (the password is asked once).
  await page.getByLabel("Current password").fill("wrong-password");
  await page.getByRole("button", { name: "Create token" }).click();
  await expect(page.getByLabel("Current password")).toHaveAccessibleDescription(
    /These credentials do not match our records\./,
  );
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.getByLabel("Current password").fill(user.password);
  await page.getByRole("button", { name: "Create token" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const shown = page.getByLabel("New token");
  // Sanctum 4's secret: the prefix, 40 characters and their crc32b (decision record 045).
  await expect(shown).toHaveText(TOKEN_SHAPE);
  const token = (await shown.textContent()) ?? "";
  await page.getByRole("button", { name: "Copy token" }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await expectAccessible(page, "tokens, new token shown", {
    screenshot: "token-created",
  });

  // contract §4 rule 4: the token authenticates `Authorization: Bearer` requests, without cookies.
  expect(await bearerWhoAmI(baseURL, token)).toMatchObject({
    authenticated: true,
    user: { email: user.email },
  });

  await page.getByRole("button", { name: "Done" }).click();
  const card = tokenCard(page, "CI deploy");
  // Its use is written just after the response (decision record 045): the list shows it on a reload.
  await expect(async () => {
    await page.reload();
    await expect(card).toBeVisible();
    await expect(card).toContainText("deploy-bot/2.1", { timeout: 1000 });
  }).toPass();
  await expect(card.getByRole("list", { name: "Abilities" })).toHaveText(
    /user:write\s*tokens:write/,
  );
  await expect(card).toContainText(/Expires [A-Z][a-z]{2} \d+, \d{4}/);
  // Its use: written after the response (decision record 045), shown with the address as people read it.
  await expect(card).toContainText("deploy-bot/2.1");
  await expect(card).toContainText(/from (127\.0\.0\.1|::1)/);
  await expect(card).not.toContainText("::ffff:");
  await expect(card).toContainText("1 in 24 h · 1 in 30 days");
  await expectAccessible(page, "token-list", { screenshot: "token-list" });

  await card.getByRole("button", { name: "Revoke CI deploy" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectAccessible(page, "revoke-token dialog");
  await page
    .getByRole("dialog")
    .getByRole("button", { name: "Revoke token" })
    .click();
  await expect(page.getByText("No tokens yet")).toBeVisible();
  await expect(
    toasts(page).getByText("The token has been revoked."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Revoke all" })).toHaveCount(0);
  expect(await bearerWhoAmI(baseURL, token)).toMatchObject({
    authenticated: false,
    user: null,
  });
});

test("revoke all removes every token of the user", async ({ page, users }) => {
  const user = await users.create("flusher");
  await users.signIn(user);
  await page.goto("/admin/account/tokens");
  for (const name of ["first", "second"]) {
    await page.getByLabel("Token name").fill(name);
    await page.getByLabel("All abilities (*)").check();
    await page.getByLabel("Current password").fill(user.password);
    await page.getByRole("button", { name: "Create token" }).click();
    await page.getByRole("button", { name: "Done" }).click();
    await expect(tokenCard(page, name)).toBeVisible();
  }
  await page.getByRole("button", { name: "Revoke all" }).click();
  await expectAccessible(page, "revoke-all dialog", {
    screenshot: "tokens-revoke-all-dialog",
  });
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
  // Rolling from a session is behind the step-up (class `rotates`, decision record 028).
  await confirmPasswordOf(user);
  await users.signIn(user);
  await page.goto("/admin/account/tokens");
  await page.getByLabel("Token name").fill("nightly");
  await page.getByLabel("All abilities (*)").check();
  await page.getByLabel("Current password").fill(user.password);
  await page.getByRole("button", { name: "Create token" }).click();
  await page.getByRole("button", { name: "Done" }).click();
  await page.getByRole("button", { name: "Roll nightly" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("The old secret keeps working").selectOption("3600");
  await expectAccessible(page, "roll-token dialog");
  await dialog.getByRole("button", { name: "Roll token" }).click();
  await expect(page.getByLabel("New token")).toHaveText(TOKEN_SHAPE);
  await page.getByRole("button", { name: "Done" }).click();
  await expect(tokenCard(page, "nightly")).toHaveCount(2);
  await expect(page.getByText(/Replaced; works until/)).toBeVisible();
  // The replaced one cannot be rolled again; only the new one offers Roll.
  await expect(page.getByRole("button", { name: "Roll nightly" })).toHaveCount(
    1,
  );
  await expectAccessible(page, "tokens, rolled");
});

test.describe("on a phone, in Spanish", () => {
  test.use({
    locale: "es-ES",
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
  });
  const t = translator("es");

  test("creating a token with limits and an address list, then its card: use, limits, Roll and Revoke in reach", async ({
    page,
    users,
    baseURL,
  }) => {
    test.slow();
    const user = await users.create("telefono", { name: "Tomás Teléfono" });
    await confirmPasswordOf(user);
    await users.signIn(user);
    await page.goto("/admin/account/tokens");
    await expect(page.getByText(t("No tokens yet"))).toBeVisible();
    await expectNothingOffScreen(page);
    await expectAccessible(page, "tokens-phone-es-empty", {
      screenshot: "tokens-phone-es-empty",
    });

    await page.getByLabel(t("Token name")).fill("móvil");
    await page
      .getByRole("group", { name: t("Abilities") })
      .getByRole("checkbox", { name: "tokens:write" })
      .check();
    await page.getByLabel(t("Expires"), { exact: true }).selectOption("7");
    await page.getByText(t("Limits and allowed addresses")).click();
    await page.getByLabel(t("Requests per minute")).fill("120");
    await page.getByLabel(t("Quota (requests)")).fill("1000");
    await page.getByLabel(t("Allowed addresses")).fill("127.0.0.1, ::1");
    await expectAccessible(page, "tokens-phone-es-form", {
      screenshot: "tokens-phone-es-form",
    });
    await page.getByLabel(t("Current password")).fill(user.password);
    await page.getByRole("button", { name: t("Create token") }).click();
    const shown = page.getByLabel(t("New token"));
    await expect(shown).toHaveText(TOKEN_SHAPE);
    const token = (await shown.textContent()) ?? "";
    expect((await bearerWhoAmI(baseURL, token)).authenticated).toBe(true);
    await page.getByRole("button", { name: t("Done") }).click();

    const card = tokenCard(page, "móvil");
    await expect(async () => {
      await page.reload();
      await expect(card).toBeVisible();
      await expect(card).toContainText("deploy-bot/2.1", { timeout: 1000 });
    }).toPass();
    await expect(card).toContainText(
      t(":day in 24 h · :month in 30 days", { day: "1", month: "1" }),
    );
    await expect(card).toContainText(t(":count a minute", { count: "120" }));
    await expect(card).toContainText(
      t(":left of :quota left", { left: "999", quota: "1000" }),
    );
    // Stored as CIDR ranges (decision record 045).
    await expect(card).toContainText("127.0.0.1/32, ::1/128");
    await expectNothingOffScreen(page);
    await expectAccessible(page, "tokens-phone-es-list", {
      screenshot: "tokens-phone-es-list",
    });

    // Roll, with a grace, from the card on the phone.
    await card
      .getByRole("button", { name: t("Roll :name", { name: "móvil" }) })
      .click();
    const dialog = page.getByRole("dialog");
    await dialog
      .getByLabel(t("The old secret keeps working"))
      .selectOption("86400");
    await expectAccessible(page, "tokens-phone-es-roll", {
      screenshot: "tokens-phone-es-roll",
    });
    await dialog.getByRole("button", { name: t("Roll token") }).click();
    await expect(page.getByLabel(t("New token"))).toHaveText(TOKEN_SHAPE);
    await page.getByRole("button", { name: t("Done") }).click();
    await expect(tokenCard(page, "móvil")).toHaveCount(2);
    // The new secret keeps the limits.
    await expect(tokenCard(page, "móvil").first()).toContainText(
      t(":count a minute", { count: "120" }),
    );
    await expectNothingOffScreen(page);
  });
});

/** A user with one used token, for the administrators' view. */
async function userWithUsedToken(
  users: { create(label: string, o?: { name?: string }): Promise<TestUser> },
  baseURL: string | undefined,
  name: string,
) {
  const user = await users.create("watched", { name });
  const created = await postJson(user.api, "/auth/create-token", {
    email: user.email,
    password: user.password,
    name: "reporting",
  });
  const { token } = (await created.json()) as { token: string };
  expect((await bearerWhoAmI(baseURL, token)).authenticated).toBe(true);
  return user;
}

for (const variant of [
  { title: "English, desktop", locale: "en" as const, phone: false },
  { title: "Spanish, phone", locale: "es" as const, phone: true },
]) {
  test.describe(variant.title, () => {
    test.use({
      locale: variant.locale === "es" ? "es-ES" : "en-US",
      ...(variant.phone
        ? { viewport: PHONE, isMobile: true, hasTouch: true }
        : {}),
    });
    const t = translator(variant.locale);

    test("an administrator sees a user's tokens and their use from the users list", async ({
      page,
      users,
      baseURL,
    }) => {
      // Unique: the users list is searched by it, and a run leaves its users behind.
      const name = `Wanda ${variant.locale} ${Date.now().toString(36)}`;
      await userWithUsedToken(users, baseURL, name);
      await users.signIn(await users.admin());
      await page.goto("/admin/users");
      await page.locator("#user-search").fill(name);
      await page.getByRole("button", { name: t("Search") }).click();
      await page
        .getByRole("button", { name: t("More actions for :name", { name }) })
        .click();
      await page
        .getByRole("button", { name: t("Tokens of :name", { name }) })
        .click();
      const dialog = page.getByRole("dialog", {
        name: t("Tokens of :name", { name }),
      });
      const card = dialog.getByRole("article", { name: "reporting" });
      await expect(card).toContainText(
        t(":day in 24 h · :month in 30 days", { day: "1", month: "1" }),
      );
      await expect(card).toContainText("deploy-bot/2.1");
      await expect(card).not.toContainText("::ffff:");
      // Read only: nothing to roll or revoke here.
      await expect(
        dialog.getByRole("button", {
          name: new RegExp(`${t("Roll")}|${t("Revoke")}`),
        }),
      ).toHaveCount(0);
      const slug = `admin-user-tokens-${variant.locale}-${variant.phone ? "phone" : "desktop"}`;
      await expectAccessible(page, slug, { screenshot: slug });
    });
  });
}
