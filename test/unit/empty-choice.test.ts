import { describe, expect, it } from "vitest";
import {
  allowedScopesInput,
  ANY_SCOPE_FIELD,
} from "@/components/oauth/client-form-input";
import { tokenFormInput } from "@/components/tokens/token-form-input";

const formData = (fields: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
};

// Decision record 011, amendment 2026-12-02: nothing checked on a screen never becomes `*`.
describe("the create screens' abilities and scopes", () => {
  it("send create-token the abilities checked, an empty list included: left out, it would mean ['*']", () => {
    const abilities = (checked: string[]) =>
      tokenFormInput(
        formData([
          ["name", "ci"],
          ...checked.map((value): [string, string] => ["abilities", value]),
        ]),
        { email: "a@example.test" },
        0,
      ).abilities;
    expect(abilities([])).toEqual([]);
    expect(abilities(["*"])).toEqual(["*"]);
    expect(abilities(["user:write", "admin"])).toEqual(["user:write", "admin"]);
  });

  it("send a client's scopes as checked, no list only when any scope is checked for a user's app, and nothing when none is chosen", () => {
    const scopes = (fields: [string, string][], machine: boolean) =>
      allowedScopesInput(formData(fields), machine);
    expect(scopes([], false)).toBeNull();
    expect(scopes([], true)).toBeNull();
    expect(scopes([["scopes", "openid"]], false)).toEqual({
      scopes: ["openid"],
    });
    expect(scopes([[ANY_SCOPE_FIELD, "on"]], false)).toEqual({});
    // A machine has no "any scope": without a list it may ask for nothing.
    expect(scopes([[ANY_SCOPE_FIELD, "on"]], true)).toBeNull();
    expect(scopes([["scopes", "user:write"]], true)).toEqual({
      scopes: ["user:write"],
    });
  });
});
