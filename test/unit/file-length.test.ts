import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Issue 24's rule, checked rather than remembered: a file of lib/ over 300 lines says why at its
// top, in a comment that begins "Over 300 lines" (lib/server/session.ts is the example).
const root = path.resolve(import.meta.dirname, "../..");
const LIMIT = 300;

function sources(folder: string): string[] {
  return readdirSync(path.join(root, folder), {
    recursive: true,
    encoding: "utf8",
  })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(folder, file));
}

describe("the length of lib/'s files", () => {
  it("is at most 300 lines, or the file's first comment says why", () => {
    const unexplained = sources("lib").flatMap((file) => {
      const text = readFileSync(path.join(root, file), "utf8");
      const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
      if (lines <= LIMIT || /^\/\/ Over 300 lines\b/.test(text)) return [];
      return [`${file}: ${lines} lines`];
    });
    expect(unexplained).toEqual([]);
  });
});
