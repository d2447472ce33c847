import { describe, expect, it } from "vitest";
import {
  isSameSetting,
  parseSettingText,
  settingKind,
  settingText,
} from "@/lib/client/setting-values";

// The settings page's inline editors.
describe("setting editors", () => {
  it("pick the editor from the type of the value", () => {
    expect(settingKind(true)).toBe("boolean");
    expect(settingKind(8)).toBe("number");
    expect(settingKind("/admin")).toBe("text");
    expect(settingKind(["a@example.test"])).toBe("list");
    expect(settingKind([])).toBe("list");
    expect(settingKind({ a: 1 })).toBe("other");
    expect(settingKind(null)).toBe("other");
  });

  it("edit a list one item per line, commas accepted, blanks dropped", () => {
    expect(settingText(["a@example.test", "b@example.test"])).toBe(
      "a@example.test\nb@example.test",
    );
    expect(
      parseSettingText(
        " a@example.test \n\nb@example.test, c@example.test\n",
        "list",
      ),
    ).toEqual(["a@example.test", "b@example.test", "c@example.test"]);
    expect(parseSettingText("", "list")).toEqual([]);
  });

  it("send numbers as numbers, and anything else as typed for the server to refuse", () => {
    expect(parseSettingText(" 12 ", "number")).toBe(12);
    expect(parseSettingText("", "number")).toBeNull();
    expect(parseSettingText("twelve", "number")).toBe("twelve");
    expect(parseSettingText(" /home ", "text")).toBe("/home");
  });

  it("compare drafts with the saved value", () => {
    expect(
      isSameSetting(parseSettingText("a@example.test", "list"), [
        "a@example.test",
      ]),
    ).toBe(true);
    expect(isSameSetting(parseSettingText("9", "number"), 8)).toBe(false);
  });
});
