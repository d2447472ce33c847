import { describe, expect, it } from "vitest";
import { isCounterBehind } from "@/lib/passkeys/counter";
import { authenticatorName } from "@/lib/passkeys/aaguids";

describe("isCounterBehind (WebAuthn §6.1.1, decision record 026)", () => {
  it("accepts a counter that went up, and authenticators that keep none (0 and 0)", () => {
    expect(isCounterBehind(0, 0)).toBe(false);
    expect(isCounterBehind(0, 1)).toBe(false);
    expect(isCounterBehind(41, 42)).toBe(false);
  });

  it("refuses one that stayed or went back, and a reset to 0 after use", () => {
    expect(isCounterBehind(42, 42)).toBe(true);
    expect(isCounterBehind(42, 7)).toBe(true);
    expect(isCounterBehind(42, 0)).toBe(true);
  });
});

describe("authenticatorName", () => {
  it("names known AAGUIDs, whatever their case, and nothing for the zero one or an unknown one", () => {
    expect(authenticatorName("FBFC3007-154E-4ECC-8C0B-6E020557D7BD")).toBe(
      "Apple Passwords",
    );
    expect(
      authenticatorName("00000000-0000-0000-0000-000000000000"),
    ).toBeNull();
    expect(
      authenticatorName("12345678-0000-0000-0000-000000000000"),
    ).toBeNull();
    expect(authenticatorName(undefined)).toBeNull();
  });
});
