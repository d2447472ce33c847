import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { inject } from "vitest";
import { runCommandLine } from "@/cli/program";
import { type Database, openDatabase } from "@/db/client";
import { TEST_SECRET } from "../support/app";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");

/**
 * How `npm run auth` runs a script of this repository: tsx with the react-server condition
 * (package.json "auth"); the command-line tests run theirs the same way.
 */
export function tsxCommand(script: string, args: string[] = []) {
  return {
    file: TSX,
    args: ["--conditions=react-server", script, ...args],
  };
}

export type CliRun = { status: number | null; stdout: string; stderr: string };

/**
 * The database a command-line test works on, as the command sees it through its environment:
 * PGlite in a temporary DATA_DIR, or a temporary database on the PostgreSQL server of DATABASE_URL.
 * The PGlite one starts from the suite's migrated copy (test/support/pglite-snapshot.ts),
 * restored by the `restore` command as an operator restores a backup: the migrations then find
 * nothing to do, instead of a new cluster made and migrated for each file (decision record 098).
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
    const snapshot = inject("pgliteSnapshot");
    if (snapshot) {
      const restored = await runCli(base, ["restore", snapshot]);
      if (restored.status !== 0) throw new Error(`restore: ${restored.stderr}`);
    }
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

/** A command still running: its output so far, and its end. */
export type RunningCli = {
  stdout(): string;
  stderr(): string;
  /** Resolves with the first match of `pattern` in stdout, as soon as it is printed. */
  waitForOutput(pattern: RegExp): Promise<RegExpExecArray>;
  exited: Promise<CliRun>;
  /** Ends the command (a test that failed while it waits), with SIGTERM. */
  stop(): void;
};

/** `npm run auth -- …args` as a process of its own (the package script's command), started. */
export function startCli(
  env: Record<string, string>,
  args: string[],
  stdin = "",
): RunningCli {
  const command = tsxCommand("cli/auth.ts", args);
  const child = spawn(command.file, command.args, {
    cwd: ROOT,
    env: {
      NODE_ENV: "test",
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      ...env,
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  const watchers = new Set<() => void>();
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
    for (const watcher of watchers) watcher();
  });
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<CliRun>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
  child.stdin.end(stdin);
  return {
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    stop: () => void child.kill(),
    waitForOutput: (pattern) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(stdout);
          if (!match) return;
          watchers.delete(check);
          resolve(match);
        };
        watchers.add(check);
        check();
        void exited.then((run) =>
          reject(
            new Error(
              `exited ${run.status} before printing ${pattern}:\n${run.stdout}${run.stderr}`,
            ),
          ),
        );
      }),
  };
}

/**
 * `npm run auth -- …args` to its end, in this process: the entry's own run (runCommandLine, which
 * cli/auth.ts calls with the process's streams) with `env` as its environment and `stdin` as its
 * input. test/cli/start-up.test.ts runs the entry itself as a process.
 */
export async function runCli(
  env: Record<string, string>,
  args: string[],
  stdin = "",
): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const status = await runCommandLine(args, {
    environment: env,
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    stdin: async () => stdin,
  });
  return { status, stdout, stderr };
}
