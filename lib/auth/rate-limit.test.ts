import { describe, expect, it } from "vitest";
import { limiterKey, secondsUntil } from "@/lib/auth/rate-limit";

describe("rate-limit decisions", () => {
  it("says whole seconds until the window closes, at least 1 (Retry-After, the lockout message)", () => {
    const now = new Date("2026-11-22T10:00:00.000Z");
    expect(
      secondsUntil(
        { hits: 7, resetAt: new Date("2026-11-22T10:01:00.000Z") },
        now,
      ),
    ).toBe(60);
    expect(
      secondsUntil(
        { hits: 7, resetAt: new Date("2026-11-22T10:00:00.200Z") },
        now,
      ),
    ).toBe(1);
    expect(
      secondsUntil(
        { hits: 7, resetAt: new Date("2026-11-22T10:00:30.001Z") },
        now,
      ),
    ).toBe(31);
    expect(secondsUntil({ hits: 7, resetAt: now }, now)).toBe(1);
  });

  it("keys by scope and hashes the parts, so no email or address is stored", () => {
    const key = limiterKey("login", "user@example.com", "10.0.0.1");
    expect(key).toMatch(/^login:[0-9a-f]{64}$/);
    expect(key).not.toContain("example.com");
    expect(limiterKey("login", "user@example.com", "10.0.0.2")).not.toBe(key);
    expect(limiterKey("throttle", "user@example.com", "10.0.0.1")).not.toBe(
      key,
    );
  });
});
