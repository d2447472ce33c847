import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// drizzle's migrator applies only the migrations dated after the last one applied: one dated in
// the future hides every later migration from the databases that applied it.
const folder = path.resolve(import.meta.dirname, "../../db/migrations");
const journal = JSON.parse(
  readFileSync(path.join(folder, "meta", "_journal.json"), "utf8"),
) as { entries: { idx: number; when: number; tag: string }[] };

describe("the migrations' journal", () => {
  it("dates each migration after the one before it, and none in the future", () => {
    const dates = journal.entries.map((entry) => entry.when);
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    expect(new Set(dates).size).toBe(dates.length);
    for (const entry of journal.entries)
      expect(entry.when, entry.tag).toBeLessThanOrEqual(Date.now());
  });

  it("names every SQL file of the folder, in order", () => {
    const files = readdirSync(folder)
      .filter((name) => name.endsWith(".sql"))
      .map((name) => name.replace(/\.sql$/, ""))
      .sort();
    expect(journal.entries.map((entry) => entry.tag)).toEqual(files);
    expect(journal.entries.map((entry) => entry.idx)).toEqual(
      journal.entries.map((_, index) => index),
    );
  });
});
