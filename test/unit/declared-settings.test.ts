import { describe, expect, it } from "vitest";
import { authConfigSchema } from "@/lib/config/auth";
import { AUTH_DEFAULTS } from "@/lib/config/auth-defaults";
import {
  settingDeclaration,
  SETTING_GROUPS,
  SETTINGS,
} from "@/lib/config/auth-settings";
import {
  settingBounds,
  settingChoices,
  settingSchema,
} from "@/lib/config/setting-schema";
import { draftOf, valueOfDraft } from "@/lib/client/setting-values";
import { catalog } from "@/lib/i18n/catalog";
import { flatten, isEditable } from "@/lib/settings/keys";
import { SETTINGS_SECTIONS } from "@/lib/settings/sections";

// Decision record 091: each editable setting is declared once (lib/config/auth-settings.ts), and the
// screens and the API read that declaration; this walk checks every declared key against the
// schema, the defaults and both languages.
const leaves = flatten(AUTH_DEFAULTS);
const editableKeys = Object.keys(leaves).filter((key) =>
  isEditable(key, AUTH_DEFAULTS["editable-settings"]),
);
const sections = new Set(SETTINGS_SECTIONS.map((section) => section.id));
const NUMERIC = new Set(["number", "duration"]);

describe("the declared settings", () => {
  it("finds every declaration among the defaults", () => {
    expect(editableKeys).toContain("password.length");
    expect(editableKeys).toContain("limiters.login");
    for (const declared of Object.keys(SETTINGS))
      expect(
        editableKeys.some((key) =>
          declared.endsWith(".") ? key.startsWith(declared) : key === declared,
        ),
        declared,
      ).toBe(true);
  });

  it.each(editableKeys)(
    "%s: labels in English and Spanish, a section, a unit where numeric, a control that takes its default",
    (key) => {
      const declared = settingDeclaration(key);
      expect(declared, key).toBeDefined();
      if (!declared) return;
      for (const locale of ["en", "es"] as const) {
        expect(
          catalog(locale)[declared.label],
          `${locale}: ${declared.label}`,
        ).toBeDefined();
        if (declared.help)
          expect(
            catalog(locale)[declared.help],
            `${locale}: ${declared.help}`,
          ).toBeDefined();
        for (const choice of settingChoices(key.split(".")))
          expect(
            catalog(locale)[`${key}:${choice}`],
            `${locale}: ${key}:${choice}`,
          ).toBeDefined();
      }
      expect(sections.has(declared.section)).toBe(true);
      const schema = settingSchema(key.split("."));
      expect(schema, key).toBeDefined();
      if (NUMERIC.has(declared.control)) {
        expect(declared.unit, key).toBeDefined();
        expect(settingBounds(key.split(".")).max, key).toBeDefined();
      }
      if (declared.control === "select")
        expect(settingChoices(key.split(".")).length).toBeGreaterThan(1);
      // The editor shows the default and sends it back unchanged, and the schema accepts it.
      const value = leaves[key];
      const sent = valueOfDraft(
        draftOf(value, declared.control, declared.unit),
        declared.control,
        declared.unit,
      );
      expect(sent).toEqual(value);
      expect(schema?.safeParse(sent).success, key).toBe(true);
    },
  );

  it("gives each section its own address segment and each shown group a section and a title in both languages", () => {
    const ids = SETTINGS_SECTIONS.map((section) => section.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const group of Object.values(SETTING_GROUPS)) {
      expect(sections.has(group.section)).toBe(true);
      for (const locale of ["en", "es"] as const)
        expect(catalog(locale)[group.title], group.title).toBeDefined();
    }
  });

  it("reads bounds from the schema rather than copying them", () => {
    expect(settingBounds(["password", "length"])).toEqual({ min: 1, max: 128 });
    expect(settingChoices(["two-factor", "required"])).toEqual([
      "none",
      "admins",
      "everyone",
    ]);
    expect(authConfigSchema.shape.password.shape.length.maxValue).toBe(128);
  });
});
