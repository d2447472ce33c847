import type { Page, Response } from "@playwright/test";
import { expect, test } from "./fixtures";
import { linkIn, waitForMail } from "./support/outbox";
import { gradientPng } from "./support/png";
import { confirmPasswordOf, uniqueEmail, signOut } from "./support/users";

// Decision record 013: every screen carries a nonce-based Content-Security-Policy and the other
// security headers, and works under them: no violation is reported, in the console or as a
// `securitypolicyviolation` event (the guard fixture fails the test on any console error too).

declare global {
  interface Window {
    cspViolations: string[];
  }
}

/** Records every CSP violation and CSP console message of the page, from its first script on. */
async function watchPolicy(page: Page): Promise<string[]> {
  const messages: string[] = [];
  page.on("console", (message) => {
    if (/content security policy|permissions-policy/i.test(message.text()))
      messages.push(`${message.type()}: ${message.text()}`);
  });
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      window.cspViolations.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return messages;
}

async function expectNoViolation(page: Page, messages: string[]) {
  expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
  expect(messages).toEqual([]);
}

/** The headers of a screen (proxy.ts), with its nonce. */
function expectScreenHeaders(
  response: Response | null,
  options: { referrer?: string } = {},
): string {
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  const policy = headers["content-security-policy"] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1] ?? "";
  expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  const scriptSrc =
    policy
      .split(";")
      .find((directive) => directive.trim().startsWith("script-src")) ?? "";
  expect(scriptSrc.trim()).toBe(
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
  );
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("object-src 'none'");
  expect(policy).not.toContain("unsafe-inline");
  expect(policy).not.toContain("unsafe-eval");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe(
    options.referrer ?? "strict-origin-when-cross-origin",
  );
  expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");
  expect(headers["permissions-policy"]).toContain(
    "publickey-credentials-get=(self)",
  );
  expect(headers["permissions-policy"]).toContain(
    "publickey-credentials-create=(self)",
  );
  // APP_URL is http here: no HSTS on a plain-HTTP deployment.
  expect(headers["strict-transport-security"]).toBeUndefined();
  return nonce;
}

test.describe("security headers and the Content-Security-Policy (decision record 013)", () => {
  test("the guest screens carry them and work under them: sign-in, register, forgot, reset", async ({
    page,
    users,
    snap,
  }) => {
    const messages = await watchPolicy(page);
    const user = await users.create("headers");

    const first = expectScreenHeaders(await page.goto("/auth/login"));
    // The social provider's button is there (a link through the server to the provider).
    await expect(
      page.getByRole("link", { name: "Continue with Acme ID" }),
    ).toBeVisible();
    const second = expectScreenHeaders(await page.reload());
    expect(second).not.toBe(first);
    await expectNoViolation(page, messages);

    expectScreenHeaders(await page.goto("/auth/register"));
    await page.getByLabel("Name").fill("Header Newcomer");
    await page.getByLabel("Email address").fill(uniqueEmail("newcomer"));
    await page.getByLabel("Password", { exact: true }).fill("correct-horse-42");
    await page.getByLabel("Confirm password").fill("correct-horse-42");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expectNoViolation(page, messages);
    await signOut(page);
    await expect(page).toHaveURL(/\/auth\/login$/);

    expectScreenHeaders(await page.goto("/auth/forgot-password"));
    await page.getByLabel("Email address").fill(user.email);
    await page.getByRole("button", { name: "Email me a reset link" }).click();
    await expect(page.getByRole("status")).toHaveText(
      /we have emailed a password reset link/,
    );
    await expectNoViolation(page, messages);

    // The reset screen's address holds the token: no Referer leaves it, and once the screen has
    // read the token it is gone from the address bar; the form still works.
    const link = linkIn(
      await waitForMail(user.email, { subject: /Reset Password/ }),
      /^\/auth\/reset-password\//,
    );
    const token = decodeURIComponent(
      new URL(link, "http://x").pathname.split("/")[3] ?? "",
    );
    expectScreenHeaders(await page.goto(link), { referrer: "no-referrer" });
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);
    expect(page.url()).not.toContain(token);
    await expect(page.getByLabel("Email address")).toHaveValue(user.email);
    await snap("reset-password-token-hidden");
    await page
      .getByLabel("New password", { exact: true })
      .fill("reset-under-csp-9");
    await page.getByLabel("Confirm new password").fill("reset-under-csp-9");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page).toHaveURL(/\/auth\/login\?status=password-reset$/);
    await page.getByLabel("Email address").fill(user.email);
    await page.getByLabel("Password").fill("reset-under-csp-9");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expectNoViolation(page, messages);
  });

  test("the signed-in screens carry them and work under them: dashboard, profile with a photo, tokens", async ({
    page,
    users,
    snap,
  }) => {
    const messages = await watchPolicy(page);
    const user = await users.create("signed-in", { name: "Csp Tester" });
    // The token form asks for the step-up first (decision record 024): confirmed beforehand.
    await confirmPasswordOf(user);
    await users.signIn(user);

    expectScreenHeaders(await page.goto("/admin"));
    await expect(
      page.getByRole("heading", { name: "Welcome, Csp Tester", level: 1 }),
    ).toBeVisible();
    await expectNoViolation(page, messages);

    expectScreenHeaders(await page.goto("/admin/account/profile"));
    await page.getByLabel("Upload a photo").setInputFiles({
      name: "me.png",
      mimeType: "image/png",
      buffer: gradientPng(),
    });
    await expect(page.getByText("Your photo has been updated.")).toBeVisible();
    const photo = page.getByRole("region", { name: "Photo" }).locator("img");
    await expect(photo).toHaveAttribute("src", /^\/uploads\//);
    await expect
      .poll(() =>
        photo.evaluate(
          (image: HTMLImageElement) => image.complete && image.naturalWidth,
        ),
      )
      .toBeGreaterThan(0);
    await snap("profile-photo-under-csp");
    await expectNoViolation(page, messages);

    expectScreenHeaders(await page.goto("/admin/account/tokens"));
    await page.getByLabel("Token name").fill("csp");
    await page.getByLabel("All abilities (*)").check();
    await page.getByLabel("Current password").fill(user.password);
    await page.getByRole("button", { name: "Create token" }).click();
    await expect(page.getByLabel("New token")).toHaveText(
      /^\d+\|nla_[A-Za-z0-9]{40}[0-9a-f]{8}$/,
    );
    await expectNoViolation(page, messages);
  });

  test("the administration screens carry them and work under them", async ({
    page,
    users,
  }) => {
    const messages = await watchPolicy(page);
    const admin = await users.admin();
    await users.signIn(admin);
    for (const [path, heading] of [
      ["/admin/users", "Users"],
      ["/admin/activity", "Activity"],
      ["/admin/settings", "Settings"],
      ["/admin/mail", "Mail"],
    ] as const) {
      expectScreenHeaders(await page.goto(path));
      await expect(
        page.getByRole("heading", { name: heading, level: 1 }),
      ).toBeVisible();
      await expectNoViolation(page, messages);
    }
    await page.goto("/admin/users");
    await page
      .getByRole("searchbox", { name: "Search users" })
      .fill(admin.email);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(
      page.getByRole("row", { name: new RegExp(admin.name) }),
    ).toBeVisible();
    await expectNoViolation(page, messages);
  });

  test("API answers, uploads and Next's own files carry the headers too, with a policy that loads nothing", async ({
    request,
  }) => {
    for (const path of [
      "/auth/get-auth",
      "/sanctum/csrf-cookie",
      "/api/auth/providers",
    ]) {
      const headers = (
        await request.get(path, { headers: { Accept: "application/json" } })
      ).headers();
      expect([
        path,
        headers["x-frame-options"],
        headers["x-content-type-options"],
        headers["cross-origin-opener-policy"],
      ]).toEqual([path, "DENY", "nosniff", "same-origin"]);
      expect(headers["referrer-policy"]).toBe(
        "strict-origin-when-cross-origin",
      );
      expect(headers["permissions-policy"]).toContain("camera=()");
    }
    const api = (
      await request.get("/auth/get-auth", {
        headers: { Accept: "application/json" },
      })
    ).headers();
    expect(api["content-security-policy"]).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );

    const screen = await request.get("/auth/login");
    const script =
      /<script src="(\/_next\/static\/[^"]+\.js)"/.exec(
        await screen.text(),
      )?.[1] ?? "";
    const asset = (await request.get(script)).headers();
    expect([
      script,
      asset["x-content-type-options"],
      asset["x-frame-options"],
    ]).toEqual([script, "nosniff", "DENY"]);
  });
});
