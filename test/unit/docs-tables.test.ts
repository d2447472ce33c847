import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildProgram } from "@/cli/program";
import { metrics } from "@/lib/observability/metrics";
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

  // Beside the generated tables, a hand-written one says more of each metric and command: the
  // names it gives must still be the code's.
  it("names in docs/operating.md only metrics the registry declares", () => {
    const guide = readFileSync(path.join(ROOT, "docs/operating.md"), "utf8");
    const declared = new Set(
      metrics()
        .registry.getMetricsAsArray()
        .map((metric) => metric.name),
    );
    const named = [...guide.matchAll(/`(auth_[a-z_]+)`/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((name) => !declared.has(name ?? ""))).toEqual([]);
  });

  it("describes in docs/operating.md only the commands the program has", () => {
    const guide = readFileSync(path.join(ROOT, "docs/operating.md"), "utf8");
    const program = buildProgram({
      environment: {},
      stdout: () => {},
      stderr: () => {},
      stdin: async () => "",
    });
    const commands = new Set(
      program.commands.flatMap((command) =>
        command.commands.length
          ? command.commands.map((sub) => `${command.name()} ${sub.name()}`)
          : [command.name()],
      ),
    );
    const table = guide.slice(guide.indexOf("| command | does |"));
    const described = (table.split("\n\n")[0] ?? "")
      .split("\n")
      .slice(2)
      .flatMap((row) =>
        [...(row.split(" | ")[0] ?? "").matchAll(/`([^`]+)`/g)].map(
          (m) => m[1],
        ),
      );
    expect(described.filter((name) => !commands.has(name ?? ""))).toEqual([]);
    expect([...commands].filter((name) => !described.includes(name))).toEqual(
      [],
    );
  });

  it("explains in docs/configuration.md only keys the configuration has", () => {
    const guide = readFileSync(
      path.join(ROOT, "docs/configuration.md"),
      "utf8",
    );
    const keys = [
      ...(readGenerated(guide, "configuration") ?? "").matchAll(
        /^\| `([^`]+)`/gm,
      ),
    ].map((m) => m[1] ?? "");
    const table = guide.slice(guide.indexOf("| key | default | meaning |"));
    const explained = (table.split("\n\n")[0] ?? "")
      .split("\n")
      .slice(2)
      .flatMap((row) => {
        // `password.length`, `.uppercase`: a key after the first may name its parent's sibling.
        let parent = "";
        return [...(row.split(" | ")[0] ?? "").matchAll(/`([^`]+)`/g)].map(
          (m) => {
            const written = (m[1] ?? "").replace(/\.(\*|<name>)$/, "");
            const key = written.startsWith(".")
              ? `${parent}${written}`
              : written;
            parent = key.slice(0, key.lastIndexOf("."));
            return key;
          },
        );
      });
    expect(explained.length).toBeGreaterThan(40);
    expect(
      explained.filter(
        (key) =>
          !keys.some((known) => known === key || known.startsWith(`${key}.`)),
      ),
    ).toEqual([]);
  });
});
