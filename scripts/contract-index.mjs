// Writes lib/contract/feature-modules.ts: every module of lib/contract/<feature>/ in one type, so a
// feature's schemas join the browser's client (lib/client/contract.ts, through lib/contract/index.ts)
// by being in the folder (decision record 113).
// Usage: npm run contract:index (test/unit/contract-floor.test.ts fails when the file is stale).
import { readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as prettier from "prettier";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const CONTRACT_INDEX = "lib/contract/feature-modules.ts";

const pascal = (name) =>
  name.replace(/(^|-)([a-z0-9])/g, (_, __, letter) => letter.toUpperCase());

/** `users/routes` → `Users`, `passkeys/passkeys` → `Passkeys`, `users/user` → `UsersUser`. */
function namespaceOf(feature, file) {
  return file === "routes" || file === feature
    ? pascal(feature)
    : `${pascal(feature)}${pascal(file)}`;
}

/** The text lib/contract/feature-modules.ts should hold for the modules on disk, formatted as Prettier would. */
export async function renderContractIndex(root = ROOT) {
  const contract = path.join(root, "lib/contract");
  const modules = readdirSync(contract, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((folder) =>
      readdirSync(path.join(contract, folder.name))
        .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
        .map((name) => [folder.name, name.replace(/\.ts$/, "")]),
    )
    .sort(([a, x], [b, y]) => `${a}/${x}`.localeCompare(`${b}/${y}`));
  const names = modules.map(([feature, file]) => namespaceOf(feature, file));
  const text = [
    "// Written by `npm run contract:index` (scripts/contract-index.mjs) from the modules of",
    "// lib/contract/<feature>/ (decision record 113). Types only: nothing here reaches a bundle.",
    ...modules.map(
      ([feature, file], index) =>
        `import type * as ${names[index]} from "./${feature}/${file}";`,
    ),
    "",
    "/** Every module of lib/contract/<feature>/: the client finds the host contracts among their exports. */",
    `export type FeatureModules = ${names.map((name) => `typeof ${name}`).join(" | ")};`,
    "",
  ].join("\n");
  return prettier.format(text, { filepath: path.join(root, CONTRACT_INDEX) });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  writeFileSync(path.join(ROOT, CONTRACT_INDEX), await renderContractIndex());
  console.log(CONTRACT_INDEX);
}
