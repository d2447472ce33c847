import { describe, expect, it } from "vitest";
import {
  DEFAULT_AFTER_SIGN_IN,
  loginPathFor,
  safeRedirect,
} from "@/lib/http/safe-redirect";

// contract §4 rule 7: navigate to `redirect` only if it is an internal path.
describe("safeRedirect", () => {
  it.each(["/admin", "/admin/tokens?tab=1", "/admin/users#top", "/", "/a//b"])(
    "follows the internal path %s",
    (path) => {
      expect(safeRedirect(path)).toBe(path);
    },
  );

  it.each([
    ["protocol-relative", "//evil.example/admin"],
    ["backslash", "/\\evil.example"],
    ["absolute URL", "https://evil.example/admin"],
    ["javascript URL", "javascript:alert(1)"],
    ["relative path", "admin"],
    ["tab that browsers drop", "/\t/evil.example"],
    ["newline", "/\n/evil.example"],
    ["empty", ""],
  ])("ignores a %s", (_, target) => {
    expect(safeRedirect(target)).toBe(DEFAULT_AFTER_SIGN_IN);
  });

  it("falls back when there is no redirect", () => {
    expect(safeRedirect(null)).toBe("/admin");
    expect(safeRedirect(undefined, "/elsewhere")).toBe("/elsewhere");
  });

  it("builds the login path that returns to a screen", () => {
    expect(loginPathFor("/admin/tokens?x=1")).toBe(
      "/auth/login?redirect=%2Fadmin%2Ftokens%3Fx%3D1",
    );
  });
});
