import { describe, expect, it } from "vitest";
import { writeThrottle } from "@/lib/server/write-throttle";

describe("writeThrottle (decision record 010)", () => {
  it("lets one caller per key write per interval", () => {
    const throttle = writeThrottle(60_000);
    expect(throttle.claim("a", 0)).toBe(true);
    expect(throttle.claim("a", 1_000)).toBe(false);
    expect(throttle.claim("b", 1_000)).toBe(true);
    expect(throttle.claim("a", 59_999)).toBe(false);
    expect(throttle.claim("a", 60_000)).toBe(true);
  });

  it("writes again when the clock goes backwards (tests, a corrected clock)", () => {
    const throttle = writeThrottle(60_000);
    expect(throttle.claim("a", 100_000)).toBe(true);
    expect(throttle.claim("a", 50_000)).toBe(true);
  });

  it("forgets the oldest key past its bound", () => {
    const throttle = writeThrottle(60_000, 2);
    throttle.claim("a", 0);
    throttle.claim("b", 0);
    throttle.claim("c", 0);
    expect(throttle.claim("a", 1)).toBe(true);
    expect(throttle.claim("c", 1)).toBe(false);
  });
});
