import { describe, expect, it } from "vitest";
import { activityDetails } from "@/lib/client/activity-details";

describe("activityDetails", () => {
  it("keeps scalar properties in order, as text", () => {
    expect(
      activityDetails({ method: "passkey", count: 2, reverted: false }),
    ).toEqual([
      { key: "method", value: "passkey" },
      { key: "count", value: "2" },
      { key: "reverted", value: "false" },
    ]);
  });

  it("writes the address as people read it", () => {
    expect(activityDetails({ ip: "::ffff:127.0.0.1" })).toEqual([
      { key: "ip", value: "127.0.0.1" },
    ]);
  });

  it("joins a flat list, and shows an empty one as a dash", () => {
    expect(
      activityDetails({ new: ["a@example.com", "b@example.com"], old: [] }),
    ).toEqual([
      { key: "new", value: "a@example.com, b@example.com" },
      { key: "old", value: "—" },
    ]);
  });

  it("leaves out nulls and nested objects", () => {
    expect(
      activityDetails({
        ip: null,
        taken_back: { tokens: 1 },
        provider: "github",
      }),
    ).toEqual([{ key: "provider", value: "github" }]);
    expect(activityDetails(null)).toEqual([]);
  });
});
