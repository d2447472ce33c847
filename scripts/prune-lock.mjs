// Removes, from package-lock.json, optional dependencies that have no entry in the lock.
//
// Why: the registry this project is built against serves only some platforms' builds of
// native packages (@next/swc-*, @tailwindcss/oxide-*, …). `npm install` then leaves those
// platforms out of the lock while their parents still declare them, and `npm ci` refuses the
// lock as "out of sync". Run after `npm install` changes the lock: `node scripts/prune-lock.mjs`.
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const paths = new Set(Object.keys(lock.packages));

// npm resolves a dependency from the package's own node_modules upwards to the root.
function resolves(from, name) {
  let base = from;
  for (;;) {
    if (paths.has(`${base ? `${base}/` : ""}node_modules/${name}`)) return true;
    if (!base) return false;
    const index = base.lastIndexOf("/node_modules/");
    base = index === -1 ? "" : base.slice(0, index);
  }
}

let pruned = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  if (!entry.optionalDependencies) continue;
  for (const name of Object.keys(entry.optionalDependencies)) {
    if (resolves(path, name)) continue;
    delete entry.optionalDependencies[name];
    pruned++;
  }
  if (Object.keys(entry.optionalDependencies).length === 0)
    delete entry.optionalDependencies;
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  `pruned ${pruned} optional dependencies this registry does not serve`,
);
