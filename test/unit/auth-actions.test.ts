import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ACTION_NAMES,
  AUTH_ACTIONS,
  type AuthAction,
} from "@/lib/contract/auth-actions";
import { AUTH_DEFAULTS } from "@/lib/config/auth-defaults";
import { isPagePath } from "@/lib/server/pages";

const ROOT = path.resolve(import.meta.dirname, "../..");
const row = (action: (typeof ACTION_NAMES)[number]): AuthAction =>
  AUTH_ACTIONS[action];

// Decision record 017: the table of the auth actions is the one place their routes are declared.
describe("the auth actions' table (lib/contract/auth-actions.ts)", () => {
  it("marks as a page exactly the actions whose default path has a screen under app/auth", () => {
    const marked = ACTION_NAMES.filter((action) => row(action).page).map(
      (action) => row(action).uri,
    );
    const screens = readdirSync(path.join(ROOT, "app/auth"), {
      withFileTypes: true,
    })
      .filter(
        (entry) =>
          entry.isDirectory() &&
          existsSync(path.join(ROOT, "app/auth", entry.name, "page.tsx")),
      )
      .map((entry) => entry.name);
    expect(marked.sort()).toEqual(screens.sort());
    for (const uri of marked) expect(isPagePath(`/auth/${uri}`)).toBe(true);
    expect(isPagePath("/auth/get-auth")).toBe(false);
    expect(
      isPagePath("/auth/reset-password/a-token/someone%40example.com"),
    ).toBe(true);
  });

  it("gives the configuration its defaults, column by column", () => {
    for (const action of ACTION_NAMES) {
      expect(AUTH_DEFAULTS.routes.uris[action]).toBe(row(action).uri);
      expect(AUTH_DEFAULTS.routes.names[action]).toBe(row(action).name);
      expect(AUTH_DEFAULTS.routes.middlewares[action]).toEqual(
        row(action).middleware,
      );
      expect(AUTH_DEFAULTS.routes.redirects[action]).toBe(row(action).redirect);
    }
  });

  it("gives every method and path one action: no two rows shadow each other", () => {
    const keys = ACTION_NAMES.map(
      (action) =>
        `${row(action).method} ${row(action).uri.replace(/\{[^}]+\}/g, "{}")}`,
    );
    expect(new Set(keys).size).toBe(keys.length);
  });
});
