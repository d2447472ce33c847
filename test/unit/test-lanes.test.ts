import { readdirSync } from "node:fs";
import path from "node:path";
import picomatch from "picomatch";
import { describe, expect, it } from "vitest";
import {
  BROWSER,
  BROWSER_SECOND_HALF,
  PGLITE,
  POSTGRES,
  POSTGRES_INCLUDE,
  SCALE,
} from "@/test/lanes.mts";

const root = path.resolve(import.meta.dirname, "../..");
const SKIPPED = new Set(["node_modules", ".next", ".git", "test-results"]);

/** Every test file of the repository, by its path from the root. */
function testFiles(directory = ""): string[] {
  return readdirSync(path.join(root, directory), { withFileTypes: true })
    .filter((entry) => !SKIPPED.has(entry.name))
    .flatMap((entry) => {
      const relative = path.posix.join(directory, entry.name);
      if (entry.isDirectory()) return testFiles(relative);
      return /\.(test|spec)\.[cm]?[jt]sx?$/.test(entry.name) ? [relative] : [];
    });
}

const matcher = (lane: { include: string[]; exclude?: string[] }) => {
  const included = picomatch(lane.include);
  const excluded = picomatch(lane.exclude ?? []);
  return (file: string) => included(file) && !excluded(file);
};
const LANES = {
  pglite: matcher(PGLITE),
  scale: matcher(SCALE),
  browser: matcher(BROWSER),
};

describe("test lanes (decision record 083, test/lanes.mts)", () => {
  const files = testFiles();

  it("runs every test file in a lane", () => {
    expect(files.length).toBeGreaterThan(100);
    const homeless = files.filter(
      (file) => !Object.values(LANES).some((inLane) => inLane(file)),
    );
    expect(homeless).toEqual([]);
  });

  it("names in the PostgreSQL lane only files that exist, each under a reason, all also on PGlite", () => {
    for (const [reason, patterns] of Object.entries(POSTGRES)) {
      expect(reason.length).toBeGreaterThan(10);
      for (const pattern of patterns) {
        const matches = picomatch(pattern);
        expect(
          files.filter((file) => matches(file)),
          pattern,
        ).not.toEqual([]);
      }
    }
    const onPostgresLane = picomatch(POSTGRES_INCLUDE);
    const onPostgres = files.filter((file) => onPostgresLane(file));
    expect(onPostgres.filter((file) => !LANES.pglite(file))).toEqual([]);
  });

  it("names in the browser suite's second half only specs that exist, once each", () => {
    const specs = files.filter((file) => LANES.browser(file));
    expect(BROWSER_SECOND_HALF.filter((file) => !specs.includes(file))).toEqual(
      [],
    );
    expect(new Set(BROWSER_SECOND_HALF).size).toBe(BROWSER_SECOND_HALF.length);
    expect(BROWSER_SECOND_HALF.length).toBeLessThan(specs.length);
  });
});
