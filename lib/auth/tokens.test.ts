import { describe, expect, it } from "vitest";
import { parseAbilities, parseBearer, tokenCan } from "@/lib/auth/tokens";

describe("tokenCan (Sanctum's can)", () => {
  it("grants what the token lists, everything for '*', and everything to a session (no token)", () => {
    expect(tokenCan({ abilities: '["read"]' }, "read")).toBe(true);
    expect(tokenCan({ abilities: '["read"]' }, "write")).toBe(false);
    expect(tokenCan({ abilities: '["*"]' }, "anything")).toBe(true);
    expect(tokenCan(null, "anything")).toBe(true);
  });

  it("grants nothing for empty, missing or unreadable abilities", () => {
    expect(tokenCan({ abilities: "[]" }, "read")).toBe(false);
    expect(tokenCan({ abilities: null }, "read")).toBe(false);
    expect(tokenCan({ abilities: "not json" }, "read")).toBe(false);
    expect(tokenCan({ abilities: '{"read": true}' }, "read")).toBe(false);
  });
});

describe("parseAbilities", () => {
  it("keeps only strings", () => {
    expect(parseAbilities('["a", 1, null, "b"]')).toEqual(["a", "b"]);
  });
});

describe("parseBearer (Sanctum's <id>|<secret>)", () => {
  it("splits id and secret", () => {
    expect(parseBearer("Bearer 12|abc")).toEqual({ id: 12, secret: "abc" });
    expect(parseBearer("bearer   7|x|y")).toEqual({ id: 7, secret: "x|y" });
    expect(parseBearer("Bearer plain")).toEqual({ id: null, secret: "plain" });
  });

  it("rejects anything else", () => {
    for (const header of [
      null,
      "",
      "Basic abc",
      "Bearer",
      "Bearer 0|abc",
      "Bearer -1|abc",
      "Bearer x|abc",
      "Bearer a b",
    ])
      expect(parseBearer(header)).toBeNull();
  });
});
