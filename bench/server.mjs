// The servers of a run, each a production build started with `next start`: the application on a
// fresh DATA_DIR, on PostgreSQL (a temporary database on the DATABASE_URL server) or on PGlite;
// the anchor (bench/anchor), a minimal Next app on the same database kind; and on PostgreSQL the
// peer, Better Auth's minimal Next app (bench/better-auth), on a temporary database too.
import { execFileSync, spawn } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import {
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";

const ROOT = path.resolve(import.meta.dirname, "..");
const NEXT_BIN = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function isSomeoneBuilding() {
  try {
    return (
      execFileSync("pgrep", ["-f", "next build"], {
        encoding: "utf8",
      }).trim() !== ""
    );
  } catch {
    return false; // pgrep exits 1 when nothing matches
  }
}

/** `next build` into the shared .next, after waiting (10 minutes at most) for anyone else's build. */
export async function build() {
  const deadline = Date.now() + 10 * 60_000;
  while (isSomeoneBuilding()) {
    if (Date.now() > deadline)
      throw new Error("another `next build` is still running after 10 minutes");
    console.log("[bench] another `next build` is running; waiting…");
    await sleep(10_000);
  }
  execFileSync(process.execPath, [NEXT_BIN, "build"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
}

/**
 * A database of its own for the run: with DATABASE_URL, a temporary database on that server
 * (dropped afterwards) named after `label`; without it, null (the app uses PGlite under DATA_DIR).
 */
export async function openBenchDatabase(label = "bench") {
  const url = process.env.DATABASE_URL;
  if (!url) return null;
  const name = `${label}_${process.pid}_${Date.now()}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  const client = postgres(own.toString(), { max: 1, onnotice: () => {} });
  return {
    url: own.toString(),
    /** Statements and rows written so far in this database (pg_stat_database, flushed lazily). */
    async stats() {
      const [row] =
        await client`select xact_commit + xact_rollback as statements, tup_inserted + tup_updated + tup_deleted as writes
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
      const match = /VmRSS:\s+(\d+) kB/.exec(
        readFileSync(`/proc/${pid}/status`, "utf8"),
      );
      total += Number(match?.[1] ?? 0) * 1024;
    } catch {
      continue;
    }
    queue.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** CPU time (user + system) of a process and its descendants so far, in ms (Linux /proc). */
export function treeCpuMs(rootPid) {
  const children = new Map();
  const ticks = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // After the command: state, ppid, … utime is field 14 of stat(5), stime 15.
      const ppid = Number(fields[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
      ticks.set(Number(entry), Number(fields[11]) + Number(fields[12]));
    } catch {
      // the process ended while we looked
    }
  }
  let total = 0;
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.pop();
    total += ticks.get(pid) ?? 0;
    queue.push(...(children.get(pid) ?? []));
  }
  // USER_HZ is 100 on every Linux the benchmark runs on.
  return total * 10;
}

/**
 * `next start` of the project in `cwd` on loopback, resolved once `readyPath` answers 2xx; its
 * output goes to server.log in `dataDir`, which stop() removes.
 */
async function spawnNext({
  cwd,
  nextBin: bin,
  port,
  env,
  readyPath,
  dataDir,
  script = null,
  nodeArgs = [],
}) {
  const log = openSync(path.join(dataDir, "server.log"), "a");
  const nextBin =
    bin ?? path.join(cwd, "node_modules", "next", "dist", "bin", "next");
  // Loopback only, under the name APP_URL uses; or a plain Node server (`script`).
  const child = spawn(
    process.execPath,
    [
      ...nodeArgs,
      ...(script
        ? [script]
        : [nextBin, "start", "-p", String(port), "-H", "localhost"]),
    ],
    {
      cwd,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        PORT: String(port),
        ...env,
      },
      stdio: ["ignore", log, log],
      detached: true,
    },
  );
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
    if (child.exitCode !== null)
      throw new Error(
        `the server in ${cwd} exited at start; see ${path.join(dataDir, "server.log")}`,
      );
    const ok = await fetch(`${base}${readyPath}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      stop();
      throw new Error(
        `the server in ${cwd} did not answer within 60 s; see ${path.join(dataDir, "server.log")}`,
      );
    }
    await sleep(250);
  }
  return {
    base,
    pid: child.pid,
    rss: () => treeRss(child.pid),
    cpuMs: () => treeCpuMs(child.pid),
    async stop() {
      stop();
      await new Promise((resolve) =>
        child.exitCode !== null ? resolve() : child.once("exit", resolve),
      );
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The V8 options `npm start` gives the server (package.json; decision record 027: a heap limit),
 * so the benchmark measures the server as it is run.
 */
function startNodeOptions() {
  const start = JSON.parse(
    readFileSync(path.join(ROOT, "package.json"), "utf8"),
  ).scripts.start;
  return /NODE_OPTIONS="([^"$]*)/.exec(start)?.[1]?.trim() ?? "";
}

/**
 * The OAuth server's keys where it looks for them in `dataDir` (docs/oauth-and-openid-connect.md),
 * of the size Passport's passport:keys makes, or BENCH_KEY_BITS (`oauth:keys --length`).
 */
export function writeOAuthKeys(dataDir) {
  const keys = generateKeyPairSync("rsa", {
    modulusLength: Number(process.env.BENCH_KEY_BITS ?? 4096),
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  writeFileSync(path.join(dataDir, "oauth-private.key"), keys.privateKey, {
    mode: 0o600,
  });
  writeFileSync(path.join(dataDir, "oauth-public.key"), keys.publicKey);
}

/**
 * BENCH_CPU_PROFILE=<dir>: V8 CPU profiles of the application and of the anchor, written to
 * <dir>/app and <dir>/anchor when they stop, to set side by side with `npm run bench:profile`
 * (docs/performance.md "Where the time goes, beside the anchor").
 */
function cpuProfileArgs(server) {
  const dir = process.env.BENCH_CPU_PROFILE;
  if (!dir) return [];
  return ["--cpu-prof", `--cpu-prof-dir=${path.resolve(dir, server)}`];
}

/** Starts the application's `next start` and resolves once the bare route answers. */
export async function startServer({ port, databaseUrl, hashingRounds }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "auth-bench-"));
  writeOAuthKeys(dataDir);
  const env = {
    APP_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    SESSION_SECRET: "bench-secret-that-is-at-least-32-characters-long",
    SESSION_SECURE_COOKIE: "false",
    MAIL_DRIVER: "outbox",
    MAIL_OUTBOX_DIR: path.join(dataDir, "outbox"),
    // The benchmark's administrator registers its machine client (bench/scenarios.mjs).
    ADMIN_EMAILS: "bench-admin@example.test",
    // The configured cost, and limits no benchmark login reaches (successful logins are uncounted
    // from the lockout; the login limiter counts every request, so it gets the highest maximum).
    AUTH_CONFIG_JSON: JSON.stringify({
      hashing: { rounds: hashingRounds },
      limits: { "login-attempts": 1000 },
      limiters: { login: [{ by: "ip", max: 100_000, minutes: 1 }] },
    }),
    // The load generator stands for a proxy in front: a load may come from many client
    // addresses (bench/scenarios.mjs, `manyAddresses`).
    TRUST_PROXY: "1",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    NODE_OPTIONS: startNodeOptions(),
  };
  const started = await spawnNext({
    cwd: ROOT,
    nodeArgs: cpuProfileArgs("app"),
    port,
    env,
    readyPath: "/api/bench/bare",
    dataDir,
  });
  return { ...started, outboxDir: env.MAIL_OUTBOX_DIR };
}

/**
 * The anchor (bench/anchor): the framework's floor, built with the repository's own Next. With
 * webpack: Turbopack's root has to be the repository for the anchor to reach its node_modules,
 * and from there Turbopack takes the application's proxy.ts and instrumentation.ts as the
 * anchor's own (decision record 060).
 */
export const ANCHOR_DIR = path.join(ROOT, "bench", "anchor");

export function buildAnchor({ skipBuild }) {
  if (skipBuild && existsSync(path.join(ANCHOR_DIR, ".next", "BUILD_ID")))
    return;
  execFileSync(process.execPath, [NEXT_BIN, "build", "--webpack"], {
    cwd: ANCHOR_DIR,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
}

/** Starts the anchor on `databaseUrl` (PGlite in memory without it); resolves once both routes answer. */
export async function startAnchor({ port, databaseUrl }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "auth-bench-anchor-"));
  return spawnNext({
    cwd: ANCHOR_DIR,
    nextBin: NEXT_BIN,
    nodeArgs: cpuProfileArgs("anchor"),
    port,
    env: databaseUrl ? { DATABASE_URL: databaseUrl } : {},
    readyPath: "/api/select",
    dataDir,
  });
}

/** The peer (bench/better-auth): a project of its own, never installed by the root `npm ci`. */
export const PEER_DIR = path.join(ROOT, "bench", "better-auth");

const PEER_ENV = {
  BETTER_AUTH_SECRET: "bench-secret-that-is-at-least-32-characters-long",
};

/** The peer's version, as installed. */
export function peerVersion() {
  return JSON.parse(
    readFileSync(
      path.join(PEER_DIR, "node_modules", "better-auth", "package.json"),
      "utf8",
    ),
  ).version;
}

/** Installs the peer from its own lock file when it is missing, and builds it (unless `skipBuild` and built). */
export function buildPeer({ skipBuild }) {
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  if (!existsSync(path.join(PEER_DIR, "node_modules"))) {
    console.log("[bench] installing bench/better-auth (npm ci)…");
    execFileSync(npm, ["ci", "--no-audit", "--no-fund"], {
      cwd: PEER_DIR,
      stdio: "inherit",
    });
  }
  if (skipBuild && existsSync(path.join(PEER_DIR, ".next", "BUILD_ID"))) return;
  const nextBin = path.join(
    PEER_DIR,
    "node_modules",
    "next",
    "dist",
    "bin",
    "next",
  );
  execFileSync(process.execPath, [nextBin, "build"], {
    cwd: PEER_DIR,
    stdio: "inherit",
    env: { ...process.env, ...PEER_ENV, NEXT_TELEMETRY_DISABLED: "1" },
  });
}

/** Creates the peer's tables in `databaseUrl`, then starts it; resolves once it answers. */
export async function startPeer({ port, databaseUrl }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "auth-bench-peer-"));
  // The address the benchmark calls it on, so its sign-up sees a trusted Origin.
  const env = {
    ...PEER_ENV,
    BETTER_AUTH_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl,
  };
  execFileSync(process.execPath, ["migrate.mjs"], {
    cwd: PEER_DIR,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, ...env },
  });
  return spawnNext({
    cwd: PEER_DIR,
    port,
    env,
    readyPath: "/api/auth/ok",
    dataDir,
  });
}

/** The OAuth peer (bench/oidc-provider): panva's oidc-provider, a project of its own, in memory. */
export const OAUTH_PEER_DIR = path.join(ROOT, "bench", "oidc-provider");

/** The OAuth peer's version, as installed. */
export function oauthPeerVersion() {
  return JSON.parse(
    readFileSync(
      path.join(
        OAUTH_PEER_DIR,
        "node_modules",
        "oidc-provider",
        "package.json",
      ),
      "utf8",
    ),
  ).version;
}

/** Starts the OAuth peer (installed from its own lock file when missing); resolves once it answers. */
export async function startOAuthPeer({ port }) {
  if (!existsSync(path.join(OAUTH_PEER_DIR, "node_modules"))) {
    console.log("[bench] installing bench/oidc-provider (npm ci)…");
    execFileSync(
      process.platform === "win32" ? "npm.cmd" : "npm",
      ["ci", "--no-audit", "--no-fund"],
      { cwd: OAUTH_PEER_DIR, stdio: "inherit" },
    );
  }
  return spawnNext({
    cwd: OAUTH_PEER_DIR,
    port,
    env: {},
    script: "server.mjs",
    readyPath: "/.well-known/openid-configuration",
    dataDir: mkdtempSync(path.join(tmpdir(), "auth-bench-oauth-peer-")),
  });
}
