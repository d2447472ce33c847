import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AUTH_DEFAULTS } from "@/lib/config/auth-defaults";
import es from "@/messages/es.json";

const root = path.resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap(
    (entry) => {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(relative);
      return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts")
        ? [relative]
        : [];
    },
  );
}

const STRING = String.raw`"((?:[^"\\]|\\.)+)"`;

function keysIn(files: string[], patterns: RegExp[]): Map<string, string> {
  const keys = new Map<string, string>();
  for (const file of files) {
    const source = readFileSync(path.join(root, file), "utf8");
    for (const pattern of patterns)
      for (const match of source.matchAll(pattern))
        if (match[1]) keys.set(match[1], file);
  }
  return keys;
}

function missing(keys: Map<string, string>): string[] {
  return [...keys]
    .filter(([key]) => !(key in es))
    .map(([key, file]) => `${key}  (${file})`);
}

// contract §1 rule 7: messages are English keys and a Spanish translation is shipped.
describe("messages/es.json", () => {
  it("translates every string the screens show", () => {
    const files = ["app", "components", "lib/client", "lib/settings"]
      .flatMap(sourceFiles)
      .filter((file) => !/^app\/(api|internal|sanctum|uploads)\//.test(file));
    const keys = keysIn(files, [
      new RegExp(String.raw`\bt\(\s*` + STRING, "g"),
      new RegExp(
        String.raw`\bt\([^)]*\?\s*` + STRING + String.raw`\s*:\s*` + STRING,
        "g",
      ),
      // Labels kept in constant tables, and mutations' confirmations, translated where shown.
      new RegExp(
        String.raw`\b(?:label|title|text|confirm|description|switchLabel|toast|ours): ` +
          STRING,
        "g",
      ),
    ]);
    for (const key of [...keys.keys()])
      if (!/^[A-Z:]|^[a-z]+ /.test(key)) keys.delete(key);
    expect(missing(keys)).toEqual([]);
  });

  it("translates every message the server sends", () => {
    const files = ["lib"]
      .flatMap(sourceFiles)
      .filter((file) => !file.startsWith("lib/client/"));
    const keys = keysIn(files, [
      new RegExp(String.raw`\bt\(\s*` + STRING, "g"),
      new RegExp(String.raw`\btranslate\([^,]+,\s*` + STRING, "g"),
      new RegExp(String.raw`\binvalid\(\s*"[^"]+",\s*` + STRING, "g"),
      new RegExp(String.raw`\bforbidden\(\s*` + STRING, "g"),
      new RegExp(String.raw`\bbadRequest\(\s*` + STRING, "g"),
      new RegExp(String.raw`\bnew HttpError\(\s*\d+,\s*` + STRING, "g"),
      new RegExp(String.raw`\b(?:key|message|error): ` + STRING, "g"),
      new RegExp(String.raw`\bconst [A-Z_]+ = ` + STRING, "g"),
    ]);
    // Only words are messages; codes, paths and lists of header names are not.
    const isMessage = (key: string) =>
      /^[A-Z(]/.test(key) &&
      /\s/.test(key) &&
      /[a-z]{2}/.test(key) &&
      !/^[A-Z][\w-]*(, [A-Z][\w-]*)+$/.test(key);
    for (const key of [...keys.keys()]) if (!isMessage(key)) keys.delete(key);
    expect(missing(keys)).toEqual([]);
  });

  it("translates the default team roles, which the screens pass through the messages as Jetstream's Role does through __()", () => {
    const texts = AUTH_DEFAULTS.teams.roles.flatMap((role) => [
      role.name,
      role.description,
    ]);
    expect(texts.filter((text) => !(text in es))).toEqual([]);
  });
});
