import { describe, expect, it } from "vitest";
import {
  newNonce,
  screenContentSecurityPolicy,
  screenSecurityHeaders,
  transportSecurity,
} from "@/lib/http/security-headers";

const directive = (policy: string, name: string) =>
  policy.split("; ").find((part) => part.startsWith(`${name} `));

describe("the screens' Content-Security-Policy (decision record 013)", () => {
  it("allows scripts by nonce only in production: no unsafe-inline, no unsafe-eval", () => {
    const policy = screenContentSecurityPolicy({
      nonce: "abc",
      appUrl: "http://localhost:3000",
      isDevelopment: false,
    });
    expect(directive(policy, "script-src")).toBe(
      "script-src 'self' 'nonce-abc' 'strict-dynamic'",
    );
    expect(directive(policy, "style-src")).toBe("style-src 'self' 'nonce-abc'");
    expect(directive(policy, "frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(policy).not.toMatch(/unsafe-/);
    expect(policy).not.toContain("upgrade-insecure-requests");
  });

  it("lets the development server eval and inject its overlay's styles, and upgrades requests under https", () => {
    const policy = screenContentSecurityPolicy({
      nonce: "abc",
      appUrl: "https://auth.example.test",
      isDevelopment: true,
    });
    expect(directive(policy, "script-src")).toBe(
      "script-src 'self' 'nonce-abc' 'strict-dynamic' 'unsafe-eval'",
    );
    expect(directive(policy, "style-src")).toBe(
      "style-src 'self' 'unsafe-inline'",
    );
    expect(policy).toContain("upgrade-insecure-requests");
  });

  it("sends no Referer from a screen whose address holds a secret, and HSTS only under https", () => {
    expect(
      screenSecurityHeaders("p", "http://localhost:3000", true),
    ).toMatchObject({
      "Referrer-Policy": "no-referrer",
      "Content-Security-Policy": "p",
    });
    expect(
      screenSecurityHeaders("p", "http://localhost:3000", false)[
        "Referrer-Policy"
      ],
    ).toBe("strict-origin-when-cross-origin");
    expect(transportSecurity("http://localhost:3000")).toEqual({});
    expect(transportSecurity(undefined)).toEqual({});
    expect(transportSecurity("https://auth.example.test")).toEqual({
      "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
    });
  });

  it("makes a fresh 128-bit nonce each time", () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces)
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});
