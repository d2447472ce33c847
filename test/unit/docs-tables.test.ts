import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DOC_TABLES } from "@/scripts/docs-tables/index";
import { readGenerated, writeGenerated } from "@/scripts/docs-tables/markers";

// The guides' reference tables are written from the code (scripts/docs-tables/, decision record
// 084): a table that differs from what the code gives now is stale. Fix: `npm run docs:tables`.
const ROOT = path.resolve(import.meta.dirname, "../..");

describe("the guides' generated tables", () => {
  for (const { file, name, render } of DOC_TABLES)
    it(`${file} "${name}" is what the code gives`, () => {
      const guide = readFileSync(path.join(ROOT, file), "utf8");
      const committed = readGenerated(guide, name);
      expect(committed, `${file} has no markers for ${name}`).not.toBeNull();
      expect(
        committed,
        `${file} "${name}" is stale: run npm run docs:tables`,
      ).toBe(render());
    });

  it("writes a table between its markers and reads the same back", () => {
    const guide =
      "before\n<!-- generated:t -->\nold\n<!-- /generated:t -->\nafter\n";
    const written = writeGenerated(guide, "t", "| a |");
    expect(readGenerated(written, "t")).toBe("| a |");
    expect(written.startsWith("before\n") && written.endsWith("after\n")).toBe(
      true,
    );
    expect(readGenerated("no markers", "t")).toBeNull();
  });
});
