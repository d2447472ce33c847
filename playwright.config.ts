import { generateKeyPairSync } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import {
  CORS_ONLY_SPA_PORT,
  OIDC_PROVIDER_PORT,
  SERVER_PORT,
  STATEFUL_SPA_PORT,
} from "./e2e/support/ports";
import { BROWSER_SECOND_HALF } from "./test/lanes.mts";

// E2E_PORT: a second run beside another on this machine (the default is the one CI uses).
const PORT = SERVER_PORT;
// E2E_BASE_URL points the suite at a server already running (with E2E_OUTBOX_DIR set to its outbox).
const externalServer = process.env.E2E_BASE_URL;
const baseURL = externalServer ?? `http://localhost:${PORT}`;

// E2E_HALF: one half of the suite (test/lanes.mts, decision record 117), as .ci/run runs it.
const half = process.env.E2E_HALF;
if (half !== undefined && half !== "first" && half !== "second")
  throw new Error(`E2E_HALF: "first" or "second", got "${half}"`);
const secondHalf = BROWSER_SECOND_HALF.map(
  (file) => new RegExp(`/${file.replaceAll(".", "\\.")}$`),
);

// Playwright loads this file again in each worker: the runner makes the directory once and the
// workers inherit it through the environment.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(
  path.join(os.tmpdir(), "auth-e2e-"),
);
const dataDir = process.env.E2E_DATA_DIR;
/** Read by e2e/support/outbox.ts. */
process.env.E2E_OUTBOX_DIR ??= path.join(dataDir, "outbox");

// The OAuth server's signing keys (README "OAuth and OpenID Connect"): production mode makes none,
// so the suite's server gets a pair of its own.
const passportKeys = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  publicKeyEncoding: { type: "spki", format: "pem" },
  privateKeyEncoding: { type: "pkcs8", format: "pem" },
});

export default defineConfig({
  testDir: "e2e",
  // Playwright empties its output folder when a run starts: a folder of each run's own
  // (E2E_OUTPUT_DIR for a second run beside the first, as .ci/run's second browser lane), beside
  // the screenshots the journeys leave in test-results/screenshots (e2e/support/screenshots.ts),
  // which no run empties.
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results/playwright",
  ...(half === "second" && { testMatch: secondHalf }),
  ...(half === "first" && { testIgnore: secondHalf }),
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // In CI a failed test runs once more, traced, so that its failure leaves a trace to read; the
  // run counts it failed all the same (scripts/ci-totals.mjs counts a test that passed on its
  // retry as failed). Recording every test's trace to keep a failed one's was a third of the
  // browser's processor time in CI (decision record 117). Locally a failed test keeps its trace.
  retries: process.env.CI ? 1 : 0,
  // CI runs the browser tests beside the unit suites (.ci/run's lanes): the same steps take
  // longer on a shared machine, so a test has twice the time there.
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [["list"], ["html", { open: "never" }]]
    : [["list"]],
  use: {
    baseURL,
    browserName: "chromium",
    headless: true,
    locale: "en-US",
    viewport: { width: 1280, height: 860 },
    // A failed test's trace: every action with the page's DOM before and after it, the network
    // and the console. Not the screencast: filming every test to keep one made the accessibility
    // spec's Spanish desktop journeys take 163-168 s instead of 144 (133 with no trace at all),
    // measured side by side on this machine; the failure's screenshot stays.
    trace: {
      mode: process.env.CI ? "on-first-retry" : "retain-on-failure",
      screenshots: false,
    },
    screenshot: "only-on-failure",
    launchOptions: {
      // Debian's chromium: Playwright cannot download browsers here.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        // With no GPU, Chromium would start a GPU process that emulates one in software
        // (SwiftShader) and rasterize there; without it the renderer paints on the processor
        // itself: the same pixels, for a sixth less of the browser's processor time on the
        // accessibility walk (decision record 117).
        "--disable-software-rasterizer",
      ],
    },
  },
  webServer: externalServer
    ? undefined
    : {
        // CI builds once before the suite and sets E2E_SKIP_BUILD=1.
        // The server's log is kept in DATA_DIR too: the cross-origin spec reads its warnings.
        command: `${process.env.E2E_SKIP_BUILD === "1" ? "" : "npm run build && "}npm start 2>&1 | tee -a "${path.join(dataDir, "server.log")}"`,
        url: `${baseURL}/sanctum/csrf-cookie`,
        timeout: 300_000,
        reuseExistingServer: false,
        // One JSON line per request: kept in DATA_DIR/server.log (tee), not repeated in the report.
        stdout: "ignore",
        stderr: "pipe",
        env: {
          PORT: String(PORT),
          // npm start binds HOSTNAME (Next's standalone server): every address, whatever name
          // the shell or a container exports there.
          HOSTNAME: "::",
          APP_URL: baseURL,
          DATA_DIR: dataDir,
          // The fresh embedded database under DATA_DIR, whatever the shell has.
          DATABASE_URL: "",
          MAIL_DRIVER: "outbox",
          MAIL_OUTBOX_DIR: process.env.E2E_OUTBOX_DIR,
          SESSION_SECRET: "e2e-session-secret-that-is-long-enough-0123456789",
          SESSION_SECURE_COOKIE: "false",
          ADMIN_EMAILS: "admin@example.test",
          PASSPORT_PRIVATE_KEY: passportKeys.privateKey,
          PASSPORT_PUBLIC_KEY: passportKeys.publicKey,
          // e2e/spa-origin.spec.ts: one SPA's origin is stateful, another's only allowed by CORS.
          SANCTUM_STATEFUL_DOMAINS: `localhost:${PORT},localhost:${STATEFUL_SPA_PORT}`,
          CORS_ALLOWED_ORIGINS: `localhost:${PORT},localhost:${STATEFUL_SPA_PORT},localhost:${CORS_ONLY_SPA_PORT}`,
          // Every test user registers and signs in from this one address: its per-address limits
          // (README "Limits") are raised; the per-email ones stay as shipped.
          AUTH_CONFIG_JSON: JSON.stringify({
            hashing: { rounds: 4 },
            // e2e/teams.spec.ts: Jetstream's teams and their screens (decision record 105).
            teams: { enabled: true },
            // e2e/webhooks.spec.ts posts to a receiver it starts on 127.0.0.1.
            webhooks: { "allow-private-addresses": true },
            limiters: {
              login: [{ by: "ip", max: 1000, minutes: 1 }],
              register: [
                { by: "ip", max: 1000, minutes: 10 },
                { by: "email", max: 3, minutes: 60, "valid-only": true },
              ],
              // The shared administrator confirms its password in many specs, faster than six a
              // minute (the shipped per-user limit, proven by the HTTP tests).
              password: [{ by: "user", max: 1000, minutes: 1 }],
              "forgot-password": [
                { by: "ip", max: 1000, minutes: 1 },
                { by: "email", max: 3, minutes: 15, "valid-only": true },
              ],
              // e2e/passwordless.spec.ts, when its setting turns the routes on.
              passwordless: [
                { by: "ip", max: 1000, minutes: 1 },
                { by: "email", max: 3, minutes: 15, "valid-only": true },
              ],
            },
            // The login screen asks for passkey options on every visit (browser autofill): the
            // passkeys' throttle:6,1 per address is raised for the sign-in routes here.
            routes: {
              middlewares: {
                "passkey-login-options": ["guest", "throttle:1000,1"],
                "passkey-login": ["guest", "throttle:1000,1"],
              },
            },
          }),
          // e2e/social-login.spec.ts starts this provider (e2e/support/fake-oidc.ts) on its port (e2e/support/ports.ts).
          SERVICES_CONFIG_JSON: JSON.stringify({
            acme: {
              driver: "oidc",
              label: "Acme ID",
              client_id: "test-client",
              client_secret: "test-client-secret",
              redirect: "/auth/social/acme/callback",
              authorization_endpoint: `http://127.0.0.1:${OIDC_PROVIDER_PORT}/authorize`,
              token_endpoint: `http://127.0.0.1:${OIDC_PROVIDER_PORT}/token`,
              userinfo_endpoint: `http://127.0.0.1:${OIDC_PROVIDER_PORT}/userinfo`,
              scopes: ["openid", "email", "profile"],
            },
          }),
        },
      },
});
