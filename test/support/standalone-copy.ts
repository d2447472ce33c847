import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const BUILT = path.resolve(import.meta.dirname, "../../.next/standalone");

/**
 * Copies the build's standalone folder (docs/deployment.md) into an empty temporary folder,
 * nowhere near the repository, so nothing can be found there by walking up to its node_modules.
 */
export function copyStandalone(label: string): string {
  if (!existsSync(path.join(BUILT, "start.mjs")))
    throw new Error("no production build: run `npm run build` first");
  const folder = path.join(
    mkdtempSync(path.join(tmpdir(), `${label}-`)),
    "app",
  );
  cpSync(BUILT, folder, { recursive: true, verbatimSymlinks: true });
  return folder;
}

/** The folder's size on disk, as du counts it (MB). */
export function sizeInMegabytes(folder: string): number {
  const kilobytes = execFileSync("du", ["-sk", folder], { encoding: "utf8" });
  return Math.round(Number(kilobytes.split("\t")[0]) / 1024);
}
