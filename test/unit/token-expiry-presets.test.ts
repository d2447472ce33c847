import { describe, expect, it } from "vitest";
import {
  expiryPresets,
  tokenFormInput,
} from "@/components/tokens/token-form-input";

// docs/tokens.md "Personal access tokens": the create screen offers only what tokens.require-expiry and
// tokens.max-lifetime-days let create-token accept.
describe("the create screen's expiry presets", () => {
  it("offers 7, 30, 90 and 365 days, a date and no expiry when tokens may live for ever", () => {
    expect(expiryPresets({ requireExpiry: false, maxLifetimeDays: 0 })).toEqual(
      { presets: ["7", "30", "90", "365", "date", "never"], initial: "30" },
    );
  });

  it("hides no expiry when an expiry is required", () => {
    expect(
      expiryPresets({ requireExpiry: true, maxLifetimeDays: 0 }).presets,
    ).toEqual(["7", "30", "90", "365", "date"]);
  });

  it("under a maximum lifetime: no expiry hidden, and no preset beyond the maximum", () => {
    expect(
      expiryPresets({ requireExpiry: false, maxLifetimeDays: 90 }),
    ).toEqual({ presets: ["7", "30", "90", "date"], initial: "30" });
    expect(
      expiryPresets({ requireExpiry: false, maxLifetimeDays: 10 }),
    ).toEqual({ presets: ["7", "date"], initial: "7" });
    expect(expiryPresets({ requireExpiry: true, maxLifetimeDays: 3 })).toEqual({
      presets: ["date"],
      initial: "date",
    });
  });

  it("turns a preset into expires_at that many days from now, and no expiry into none", () => {
    const now = Date.UTC(2026, 10, 26, 8, 0, 0);
    const form = (fields: Record<string, string>) => {
      const data = new FormData();
      for (const [name, value] of Object.entries(fields))
        data.append(name, value);
      return tokenFormInput(data, { email: "a@example.test" }, now);
    };
    expect(form({ name: "ci", expiry: "7" }).expires_at).toBe(
      "2026-12-03T08:00:00.000Z",
    );
    expect(form({ name: "ci", expiry: "never" })).not.toHaveProperty(
      "expires_at",
    );
  });
});
