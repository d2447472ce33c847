#!/usr/bin/env node
// The second half of `npm run build`: completes Next's .next/standalone into a folder that runs
// on its own (docs/deployment.md): Next's static files, the start script with the graceful
// shutdown (decision record 040), the command line bundled into one file, and nothing of the
// sources. Prints the folder's size.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const ROOT = path.resolve(import.meta.dirname, "..");
const OUT = path.join(ROOT, ".next", "standalone");
if (!existsSync(path.join(OUT, "server.js")))
  throw new Error(`${OUT}/server.js is missing: run next build first`);

// Next leaves these to the deployment: its client files, and public/ when there is one.
cpSync(path.join(ROOT, ".next", "static"), path.join(OUT, ".next", "static"), {
  recursive: true,
});
if (existsSync(path.join(ROOT, "public")))
  cpSync(path.join(ROOT, "public"), path.join(OUT, "public"), {
    recursive: true,
  });

// Tracing follows paths built from process.cwd() into the sources (which folders depends on the
// code of the day); the server runs the bundles. So the folder keeps only what runs: Next's
// output, the packages, the migrations and public/; everything else of the repository goes.
const KEEP = new Set([
  ".next",
  "node_modules",
  "server.js",
  "package.json",
  "db",
  "public",
]);
for (const entry of readdirSync(OUT))
  if (!KEEP.has(entry))
    rmSync(path.join(OUT, entry), { recursive: true, force: true });
for (const file of readdirSync(path.join(OUT, "db")))
  if (file !== "migrations")
    rmSync(path.join(OUT, "db", file), { recursive: true, force: true });

cpSync(path.join(ROOT, "scripts", "start.mjs"), path.join(OUT, "start.mjs"));

// `node cli/auth.mjs <command>`: the same command line as `npm run auth`, without tsx. The react-server
// condition makes `server-only` loadable, as tsx's flag does; the native and WASM packages stay
// outside, loaded from the folder's node_modules as the server loads them.
await build({
  entryPoints: [path.join(ROOT, "cli", "auth.ts")],
  outfile: path.join(OUT, "cli", "auth.mjs"),
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  conditions: ["react-server"],
  external: ["@electric-sql/pglite", "bcrypt", "postgres", "pino-pretty"],
  tsconfig: path.join(ROOT, "tsconfig.json"),
  banner: {
    js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
  },
  logLevel: "warning",
});

const size = execFileSync("du", ["-sh", OUT], { encoding: "utf8" }).split(
  "\t",
)[0];
console.log(`standalone server in ${path.relative(ROOT, OUT)}: ${size}`);
