import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// README and the guides under docs/ name files of this repository in two ways: a relative link
// (or an image's src), and a path written in backticks (`lib/config/auth.ts`). Both go stale
// when a file moves; this walks every one (decision record 084).
const ROOT = path.resolve(import.meta.dirname, "../..");

/** Backticked paths that name no file of the repository on purpose, each with its reason. */
const NOT_IN_THE_REPOSITORY: Record<string, string> = {
  "cli/auth.mjs":
    "the command line bundled into the standalone folder by the build",
  "messages/app/es.json": "an application's own message overrides: none ship",
};

function markdownFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap(
      (entry) => {
        const relative = path.join(dir, entry.name);
        if (entry.isDirectory()) return walk(relative);
        return entry.name.endsWith(".md") ? [relative] : [];
      },
    );
  return ["README.md", ...walk("docs")];
}

const TOP_LEVEL = new Set(
  readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("."))
    .map((entry) => entry.name)
    .filter((name) => !["node_modules", "test-results"].includes(name))
    .concat(".ci"),
);

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");
}

function anchorsIn(file: string): Set<string> {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  const headings = [...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) =>
    anchorOf(m[1] ?? ""),
  );
  return new Set(headings);
}

/** Text outside fenced code blocks, where a path in backticks is prose, not a shell example. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, "");
}

type Problem = { file: string; target: string; why: string };

function brokenLinks(file: string): Problem[] {
  const text = prose(readFileSync(path.join(ROOT, file), "utf8"));
  const targets = [
    ...[...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? ""),
    ...[...text.matchAll(/\bsrc="([^"]+)"/g)].map((m) => m[1] ?? ""),
  ];
  const problems: Problem[] = [];
  for (const target of targets) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
    const [where = "", anchor] = target.split("#");
    const resolved = where
      ? path.join(path.dirname(file), decodeURI(where))
      : file;
    if (!existsSync(path.join(ROOT, resolved))) {
      problems.push({ file, target, why: "no such file" });
      continue;
    }
    if (anchor && resolved.endsWith(".md") && !anchorsIn(resolved).has(anchor))
      problems.push({ file, target, why: "no such heading" });
  }
  return problems;
}

function missingPaths(file: string): Problem[] {
  const text = prose(readFileSync(path.join(ROOT, file), "utf8"));
  const problems: Problem[] = [];
  for (const match of text.matchAll(/`([^`\s]+)`/g)) {
    const candidate = (match[1] ?? "").replace(/[.,:;]$/, "");
    const first = candidate.split("/")[0] ?? "";
    // A path of this repository: under one of its top-level folders, with no placeholder or
    // wildcard (`lib/*/routes.ts`, `messages/app/<locale>.json` name a kind of file).
    if (!candidate.includes("/") || !TOP_LEVEL.has(first)) continue;
    if (/[*<>{}…|$]/.test(candidate)) continue;
    if (candidate in NOT_IN_THE_REPOSITORY) continue;
    if (!existsSync(path.join(ROOT, candidate)))
      problems.push({ file, target: candidate, why: "no such path" });
  }
  return problems;
}

describe("README and docs/", () => {
  const files = markdownFiles();

  it("finds the front door and the guides", () => {
    expect(files).toContain("README.md");
    expect(files).toContain(path.join("docs", "getting-started.md"));
  });

  it("links only to files and headings that exist", () => {
    expect(files.flatMap(brokenLinks)).toEqual([]);
  });

  it("names in backticks only repository paths that exist", () => {
    expect(files.flatMap(missingPaths)).toEqual([]);
  });

  it("links README to every guide in docs/", () => {
    const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
    const guides = readdirSync(path.join(ROOT, "docs")).filter(
      (name) =>
        name.endsWith(".md") &&
        statSync(path.join(ROOT, "docs", name)).isFile(),
    );
    expect(guides.filter((name) => !readme.includes(`(docs/${name}`))).toEqual(
      [],
    );
  });

  it("keeps README a front door: under 200 lines", () => {
    const lines = readFileSync(path.join(ROOT, "README.md"), "utf8").split(
      "\n",
    ).length;
    expect(lines).toBeLessThan(200);
  });
});

describe("decision records", () => {
  const records = readdirSync(path.join(ROOT, "docs/decisions")).filter(
    (name) => /^\d{3}-.+\.md$/.test(name),
  );

  it("each opens with its Date and Status", () => {
    const without = records.filter((name) => {
      const head = readFileSync(path.join(ROOT, "docs/decisions", name), "utf8")
        .split("\n")
        .slice(0, 8)
        .join("\n");
      return (
        !/^Date: \d{4}-\d{2}-\d{2}/m.test(head) || !/Status: \S/.test(head)
      );
    });
    expect(without).toEqual([]);
  });

  it("are each listed in the index docs/decisions/README.md", () => {
    const index = readFileSync(
      path.join(ROOT, "docs/decisions/README.md"),
      "utf8",
    );
    expect(records.filter((name) => !index.includes(`(${name})`))).toEqual([]);
  });
});
