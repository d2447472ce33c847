// The server under test: a production build started with `next start` on a fresh DATA_DIR, on
// PostgreSQL (a temporary database on the DATABASE_URL server) or on PGlite.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";

const ROOT = path.resolve(import.meta.dirname, "..");
const NEXT_BIN = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function isSomeoneBuilding() {
  try {
    return execFileSync("pgrep", ["-f", "next build"], { encoding: "utf8" }).trim() !== "";
  } catch {
    return false; // pgrep exits 1 when nothing matches
  }
}

/** `next build` into the shared .next, after waiting (10 minutes at most) for anyone else's build. */
export async function build() {
  const deadline = Date.now() + 10 * 60_000;
  while (isSomeoneBuilding()) {
    if (Date.now() > deadline) throw new Error("another `next build` is still running after 10 minutes");
    console.log("[bench] another `next build` is running; waiting…");
    await sleep(10_000);
  }
  execFileSync(process.execPath, [NEXT_BIN, "build"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
}

/**
 * A database of its own for the run: with DATABASE_URL, a temporary database on that server
 * (dropped afterwards); without it, null (the app uses PGlite under DATA_DIR).
 */
export async function openBenchDatabase() {
  const url = process.env.DATABASE_URL;
  if (!url) return null;
  const name = `bench_${process.pid}_${Date.now()}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  const client = postgres(own.toString(), { max: 1, onnotice: () => {} });
  return {
    url: own.toString(),
    /** Statements and rows written so far in this database (pg_stat_database, flushed lazily). */
    async stats() {
      const [row] = await client`select xact_commit + xact_rollback as statements, tup_inserted + tup_updated + tup_deleted as writes
                                 from pg_stat_database where datname = ${name}`;
      return { statements: Number(row.statements), writes: Number(row.writes) };
    },
    async drop() {
      await client.end({ timeout: 5 });
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

/** Resident memory of a process and its descendants, in bytes (Linux /proc). */
export function treeRss(rootPid) {
  const children = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  let total = 0;
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.pop();
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      total += Number(match?.[1] ?? 0) * 1024;
    } catch {
      continue;
    }
    queue.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** Starts `next start` and resolves once the bare route answers. */
export async function startServer({ port, databaseUrl, hashingRounds }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "auth-bench-"));
  const log = openSync(path.join(dataDir, "server.log"), "a");
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(port),
    APP_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    SESSION_SECRET: "bench-secret-that-is-at-least-32-characters-long",
    SESSION_SECURE_COOKIE: "false",
    MAIL_DRIVER: "outbox",
    // The configured cost, and a lockout no benchmark login reaches.
    AUTH_CONFIG_JSON: JSON.stringify({ hashing: { rounds: hashingRounds }, limits: { "login-attempts": 1_000_000_000 } }),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  // Loopback only. `-H localhost`, not `-H 127.0.0.1`: with the latter Next 16.4 turns proxy.ts's
  // rewrites into absolute URLs on localhost, fetched as external requests (rewritten calls 404).
  const child = spawn(process.execPath, [NEXT_BIN, "start", "-p", String(port), "-H", "localhost"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", log, log],
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  };
  process.once("exit", stop);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited at start; see ${path.join(dataDir, "server.log")}`);
    const ok = await fetch(`${base}/api/bench/bare`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      stop();
      throw new Error(`the server did not answer within 60 s; see ${path.join(dataDir, "server.log")}`);
    }
    await sleep(250);
  }
  return {
    base,
    pid: child.pid,
    rss: () => treeRss(child.pid),
    async stop() {
      stop();
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", resolve)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
