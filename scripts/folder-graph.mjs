// The folder graph of lib/ (decision record 113): an edge from one folder of lib/ to another for
// every import between them (type-only ones too: a folder that names another's types depends on
// it), and the cycles between folders. `npm run lint` checks modules (dependency-cruiser) and
// floors (eslint.layers.mjs); this checks what a reader of the tree sees, that no two folders
// need each other. test/unit/contract-floor.test.ts runs it.
// Usage: node scripts/folder-graph.mjs  (prints each cycle with one import per edge; exit 1 if any)
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** A top-level folder of lib/ (`lib/auth`), or a module directly in lib/ (`lib/env.ts`). */
function folderOf(file) {
  const [, first = "", ...rest] = file.split("/");
  return rest.length > 0
    ? `lib/${first}`
    : `lib/${first.replace(/\.tsx?$/, "")}.ts`;
}

/** Every .ts/.tsx module of lib/ with its source, paths relative to the repository. */
export function readLib(root = ROOT) {
  const walk = (dir) =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap(
      (entry) => {
        const file = `${dir}/${entry.name}`;
        if (entry.isDirectory()) return walk(file);
        return /\.tsx?$/.test(entry.name)
          ? [{ file, source: readFileSync(path.join(root, file), "utf8") }]
          : [];
      },
    );
  return walk("lib");
}

/** The repository path an import names (`@/lib/x`, `./y`), or null outside lib/. */
function targetOf(file, specifier) {
  let target;
  if (specifier.startsWith("@/")) target = specifier.slice(2);
  else if (specifier.startsWith("."))
    target = path.posix.join(path.posix.dirname(file), specifier);
  else return null;
  return target.startsWith("lib/") ? target : null;
}

/** Folder → folder → one import that makes the edge (`lib/a/x.ts → @/lib/b/y`). */
export function folderEdges(modules) {
  const folders = new Set(modules.map(({ file }) => folderOf(file)));
  const edges = new Map();
  for (const { file, source } of modules) {
    const from = folderOf(file);
    const { importedFiles } = ts.preProcessFile(source, true, true);
    for (const { fileName } of importedFiles) {
      const target = targetOf(file, fileName);
      if (!target) continue;
      // `@/lib/contract` is the folder's index; `@/lib/env` the module lib/env.ts.
      const to = folders.has(target) ? target : folderOf(target);
      if (to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from).has(to))
        edges.get(from).set(to, `${file} → ${fileName}`);
    }
  }
  return edges;
}

/** The groups of folders that reach each other (Tarjan's strongly connected components, size > 1). */
export function folderCycles(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  let next = 0;
  const visit = (folder) => {
    index.set(folder, next);
    low.set(folder, next);
    next += 1;
    stack.push(folder);
    onStack.add(folder);
    for (const to of edges.get(folder)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(folder, Math.min(low.get(folder), low.get(to)));
      } else if (onStack.has(to))
        low.set(folder, Math.min(low.get(folder), index.get(to)));
    }
    if (low.get(folder) !== index.get(folder)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== folder);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const folder of [...edges.keys()].sort())
    if (!index.has(folder)) visit(folder);
  return groups.map((group) => ({
    folders: group,
    imports: group.flatMap((from) =>
      [...(edges.get(from) ?? [])]
        .filter(([to]) => group.includes(to))
        .map(([to, why]) => `${from} → ${to}: ${why}`),
    ),
  }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const cycles = folderCycles(folderEdges(readLib()));
  for (const { folders, imports } of cycles)
    console.log(
      `cycle between ${folders.join(", ")}\n  ${imports.join("\n  ")}`,
    );
  console.log(`${cycles.length} cycle(s) between the folders of lib/`);
  if (cycles.length > 0) process.exitCode = 1;
}
