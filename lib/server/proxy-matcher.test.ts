import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import type { IncomingHttpHeaders } from "node:http";
import { describe, expect, it } from "vitest";
import { buildAuthConfig } from "@/lib/config/auth";
import { decideProxy } from "@/lib/server/proxy-decision";
import { config } from "@/proxy";

// proxy.ts's matcher, compiled by Next's own code as `next build` does, against the proxy's
// decision: every request the matcher leaves out must be one the proxy would have let through
// unchanged, whatever the route table (the prefix is read at run time, the matcher is fixed at
// build time; decision record 001).
type Matcher = { regexp: string; has?: unknown[]; missing?: unknown[] };
// Next's build module patches this process's globals as it loads (console, Date, Math.random,
// setImmediate, node:crypto, AsyncLocalStorage), and test files share their process (decision
// record 079): it compiles the matcher in a process of its own, which answers in JSON.
const COMPILE = `
const { getMiddlewareMatchers } = require("next/dist/build/analysis/get-page-static-info");
process.stdout.write(JSON.stringify(getMiddlewareMatchers(JSON.parse(process.argv[1]), {})));
`;
const matchers = JSON.parse(
  execFileSync(
    process.execPath,
    ["-e", COMPILE, JSON.stringify(config.matcher)],
    {
      encoding: "utf8",
    },
  ),
) as Matcher[];
const require = createRequire(import.meta.url);
const { getMiddlewareRouteMatcher } =
  require("next/dist/shared/lib/router/utils/middleware-route-matcher") as {
    getMiddlewareRouteMatcher: (
      matchers: Matcher[],
    ) => (
      pathname: string,
      request: { headers: IncomingHttpHeaders },
      query: object,
    ) => boolean;
  };
const runsFor = getMiddlewareRouteMatcher(matchers);
const proxied = (path: string, headers: IncomingHttpHeaders = {}) =>
  runsFor(path, { headers }, {});

const withJson = (json: object) =>
  buildAuthConfig({ AUTH_CONFIG_JSON: JSON.stringify(json) });
const tables = {
  default: buildAuthConfig({}),
  moved: withJson({
    routes: {
      prefix: "account",
      uris: { login: "sign-in", "get-auth": "me" },
    },
  }),
  api: withJson({ routes: { prefix: "api" } }),
  root: withJson({ routes: { prefix: "" } }),
  inactive: withJson({ routes: { active: false } }),
  // Passport's prefix moved (lib/oauth/path-prefix.ts): out of any folder, or under one.
  passport: withJson({ oauth: { path: "passport" } }),
  apiOauth: withJson({ oauth: { path: "api/oauth" } }),
  authOauth: withJson({ oauth: { path: "auth/oauth" } }),
  oauthV2: withJson({ oauth: { path: "oauth/v2" } }),
};

const PATHS = [
  "/",
  "/admin",
  "/admin/users",
  "/no-such-page",
  "/auth",
  "/auth/",
  "/auth/get-auth",
  "/auth/get-auth/",
  "/auth/login",
  "/auth/login/",
  "/auth/register",
  "/auth/forgot-password",
  "/auth/two-factor-challenge",
  "/auth/user/sessions",
  "/auth/reset-password",
  "/auth/reset-password/a-token/someone%40example.test",
  "/auth/reset-password/a-token",
  "/auth/passwordless",
  "/auth/passwordless/verify",
  "/auth/passwordless/a-token",
  "/auth/tokens",
  "/auth/logout",
  "/auth/me",
  "/auth/email/verify/1/abc",
  "/auth/social/acme/redirect",
  "/auth/no-such-action",
  "/account/get-auth",
  "/oauth/token",
  "/oauth/authorize",
  "/oauth/v2/token",
  "/passport/token",
  "/passport/authorize",
  "/api/oauth/token",
  "/api/oauth/authorize",
  "/auth/oauth/token",
  "/auth/oauth/authorize",
  "/.well-known/openid-configuration",
  "/account/me",
  "/account/sign-in",
  "/login",
  "/get-auth",
  "/api/login",
  "/api/get-auth",
  "/api/bench/bare",
  "/api/admin/users",
  "/api/admin/users/7/restore",
  "/api/app/user/update",
  "/api/auth/providers",
  "/api/lu/upload/file",
  "/api/unknown",
  "/api/adminx",
  "/sanctum/csrf-cookie",
  "/sanctum/other",
  "/uploads/photo.png",
  "/internal",
  "/internal/dispatch/auth/login",
  "/up",
  "/metrics",
  "/api/openapi.json",
  "/docs/api",
];
const ACCEPTS = [
  undefined,
  "application/json",
  "application/json, text/plain, */*",
  "application/vnd.api+json",
  "text/html",
  "*/*",
  "APPLICATION/JSON",
];
const METHODS = ["GET", "HEAD", "POST", "DELETE"];

describe("proxy.ts's matcher", () => {
  it("leaves out only requests the proxy would pass on unchanged, under every route table", () => {
    let skipped = 0;
    for (const [name, table] of Object.entries(tables)) {
      for (const path of PATHS) {
        for (const accept of ACCEPTS) {
          for (const authorization of [undefined, "Bearer 1|abc"]) {
            const headers: IncomingHttpHeaders = {
              ...(accept ? { accept } : {}),
              ...(authorization ? { authorization } : {}),
            };
            if (proxied(path, headers)) continue;
            skipped++;
            for (const method of METHODS) {
              const decision = decideProxy(table, {
                method,
                path,
                accept: accept ?? null,
              });
              expect([name, method, path, accept, decision]).toEqual([
                name,
                method,
                path,
                accept,
                { action: "continue" },
              ]);
            }
          }
        }
      }
    }
    expect(skipped).toBeGreaterThan(100);
  });

  it("keeps the hot paths away from the proxy", () => {
    const json = { accept: "application/json" };
    expect(proxied("/auth/get-auth", json)).toBe(false);
    expect(
      proxied("/auth/get-auth", { ...json, cookie: "auth_session=abc" }),
    ).toBe(false);
    expect(
      proxied("/auth/get-auth", { ...json, authorization: "Bearer 1|abc" }),
    ).toBe(false);
    expect(
      proxied("/auth/tokens", { ...json, authorization: "Bearer 1|abc" }),
    ).toBe(false);
    expect(
      proxied("/api/admin/users", { ...json, authorization: "Bearer 1|abc" }),
    ).toBe(false);
    expect(proxied("/api/app/user/update", json)).toBe(false);
    // The benchmark's yardstick, whatever the client sends.
    expect(proxied("/api/bench/bare")).toBe(false);
    expect(proxied("/api/bench/bare", { accept: "text/html" })).toBe(false);
    // Health and metrics: never the proxy (decision record 019).
    expect(proxied("/up")).toBe(false);
    expect(proxied("/metrics", { accept: "text/plain" })).toBe(false);
  });

  it("still runs where it is needed: screens, a page's path, another prefix, the dispatcher", () => {
    expect(proxied("/auth/login", { accept: "text/html" })).toBe(true);
    expect(proxied("/auth/login", { accept: "application/json" })).toBe(true);
    expect(proxied("/auth/reset-password/a-token/someone%40example.test")).toBe(
      true,
    );
    expect(proxied("/admin")).toBe(true);
    expect(proxied("/auth/no-such-action", { accept: "text/html" })).toBe(true);
    expect(proxied("/account/get-auth", { accept: "application/json" })).toBe(
      true,
    );
    expect(proxied("/api/get-auth", { accept: "application/json" })).toBe(true);
    // Passport's prefix moved out of app/oauth: the proxy rewrites it, whatever the client asks.
    expect(proxied("/passport/token", { accept: "application/json" })).toBe(
      true,
    );
    expect(proxied("/passport/authorize", { accept: "text/html" })).toBe(true);
    expect(
      proxied("/internal/dispatch/auth/get-auth", {
        accept: "application/json",
      }),
    ).toBe(true);
  });
});
