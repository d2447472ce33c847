import { describe, expect, it } from "vitest";
import { AUTH_DEFAULTS } from "@/lib/config/auth-defaults";
import { flatten, isEditable } from "@/lib/settings/keys";
import { SETTINGS_SECTIONS, settingDeclaration } from "@/lib/settings/sections";

// Every key administrators may change has a section and a label (lib/settings/sections.ts), so the
// settings screens never show a raw key as a setting's name.
describe("the settings' sections", () => {
  const editableKeys = Object.keys(flatten(AUTH_DEFAULTS)).filter((key) =>
    isEditable(key, AUTH_DEFAULTS["editable-settings"]),
  );

  it("finds editable keys to check", () => {
    expect(editableKeys).toContain("password.length");
    expect(editableKeys.length).toBeGreaterThan(5);
  });

  it.each(editableKeys)("declares %s in a section with a label", (key) => {
    const declared = settingDeclaration(key);
    expect(declared, key).toBeDefined();
    expect(declared?.label.label).toMatch(/\w/);
  });

  it("gives each section its own address segment", () => {
    const ids = SETTINGS_SECTIONS.map((section) => section.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z-]+$/);
  });

  it("claims no key for a section that is not editable", () => {
    for (const section of SETTINGS_SECTIONS)
      for (const key of Object.keys(section.settings))
        expect(
          isEditable(
            key.replace(/\.$/, ".x"),
            AUTH_DEFAULTS["editable-settings"],
          ),
          key,
        ).toBe(true);
  });
});
