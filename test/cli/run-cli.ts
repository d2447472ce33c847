import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { type Database, openDatabase } from "@/db/client";
import { TEST_SECRET } from "../support/app";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");

export type CliRun = { status: number | null; stdout: string; stderr: string };

/**
 * The database a command-line test works on, as the command sees it through its environment:
 * PGlite in a temporary DATA_DIR, or a temporary database on the PostgreSQL server of DATABASE_URL.
 */
export type CliTarget = {
  env: Record<string, string>;
  /** Opens the same database in the test process (PGlite: only while no command runs). */
  open(): Database;
  dispose(): Promise<void>;
};

export async function createCliTarget(): Promise<CliTarget> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "auth-cli-"));
  const base = {
    NODE_ENV: "test",
    SESSION_SECRET: TEST_SECRET,
    DATA_DIR: dataDir,
    AUTH_CONFIG_JSON: JSON.stringify({ hashing: { rounds: 4 } }),
  };
  const server = process.env.DATABASE_URL;
  if (!server) {
    return {
      env: base,
      open: () => openDatabase({ dataDir: path.join(dataDir, "db") }),
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `cli_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(server, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    env: { ...base, DATABASE_URL: url.toString() },
    open: () => openDatabase({ url: url.toString(), max: 2 }),
    async dispose() {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `npm run auth -- …args` as a process of its own (the package script's command), with `stdin` piped in. */
export function runCli(
  target: CliTarget,
  args: string[],
  options: { stdin?: string; env?: Record<string, string> } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      TSX,
      ["--conditions=react-server", "cli/auth.ts", ...args],
      {
        cwd: ROOT,
        env: {
          NODE_ENV: "test",
          PATH: process.env.PATH ?? "",
          HOME: process.env.HOME ?? "",
          ...target.env,
          ...options.env,
        },
        stdio: ["pipe", "pipe", "pipe"],
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(options.stdin ?? "");
  });
}
