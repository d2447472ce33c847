import { type ChildProcess, spawn } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
} from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** What `npm start` runs: the standalone server with its graceful shutdown (decision record 040). */
export const START_SCRIPT = path.join(ROOT, ".next", "standalone", "start.mjs");
/** The V8 options `npm start` gives the server (package.json; decision record 027). */
export function startNodeOptions(): string {
  const start = (
    JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
      scripts: { start: string };
    }
  ).scripts.start;
  return /NODE_OPTIONS="([^"$]*)/.exec(start)?.[1]?.trim() ?? "";
}
// Generous: CI starts these beside the database suites on two busy cores (.ci/run lanes).
const START_DEADLINE_MS = 120_000;

/**
 * The servers' ports: below the kernel's range for outgoing connections (32768-60999 here), and
 * away from the browser suite's (e2e/support/ports.ts, 3200-3308).
 */
export const INSTANCE_PORTS = { first: 3450, count: 50 };
// Ports this process has handed out and not released. A probe only sees a port that is bound: a
// server spawned on a port takes a second or more to bind it, and a second choice made meanwhile
// could fall on the same port (CI: "instance on 3474 exited at start", EADDRINUSE).
const handedOut = new Set<number>();

/** A port of the range that nothing listens on and this process has not handed out. */
export async function freePort(range = INSTANCE_PORTS): Promise<number> {
  // Each port of the range at most once, in a random order: two processes choosing at once
  // seldom start from the same port.
  const candidates = Array.from(
    { length: range.count },
    (_, offset) => range.first + offset,
  )
    .filter((port) => !handedOut.has(port))
    .map((port) => ({ port, order: Math.random() }))
    .sort((a, b) => a.order - b.order);
  for (const { port } of candidates) {
    // Another choice of this process, made while this one awaited a probe, may have taken it.
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    const isFree = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (isFree) return port;
    handedOut.delete(port);
  }
  throw new Error(
    `no free port in ${range.first}-${range.first + range.count - 1}`,
  );
}

/** Gives a port of `freePort` back once nothing of this process will bind it again. */
export function releasePort(port: number): void {
  handedOut.delete(port);
}

/**
 * `launch` on a port of `freePort`. Another process may bind the port between the probe and the
 * launch's bind; then the launch fails with EADDRINUSE and is tried again on another port.
 */
export async function onFreePort<T>(
  launch: (port: number) => Promise<T>,
  range = INSTANCE_PORTS,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort(range);
    try {
      return await launch(port);
    } catch (error) {
      releasePort(port);
      if (attempt === 3 || !String(error).includes("EADDRINUSE")) throw error;
    }
  }
}

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type AppInstance = {
  base: string;
  port: number;
  dataDir: string;
  log(): string;
  /** SIGTERM (a graceful shutdown: decision record 040), resolved when the process has exited. */
  stop(): Promise<Exit | null>;
  /** Sends `signal`; resolves when the process has exited. */
  signal(signal: NodeJS.Signals): Promise<Exit | null>;
  start(): Promise<void>;
  /** Stops the server for good and removes its DATA_DIR. */
  dispose(): Promise<void>;
};

/**
 * One production server of the application (`npm start`'s server on the existing build) with its own
 * port and DATA_DIR; `stop` and `start` restart it on the same port and environment.
 */
export async function startInstance(
  env: Record<string, string>,
  options: {
    hostname?: string;
    /** A copy of the standalone folder to run instead of the build's (the version under test). */
    folder?: string;
    port?: number;
  } = {},
): Promise<AppInstance> {
  const folder = options.folder ?? path.dirname(START_SCRIPT);
  if (!existsSync(path.join(folder, "start.mjs")))
    throw new Error("no production build: run `npm run build` first");
  const launch = (port: number) => launchInstance(env, options, folder, port);
  return options.port === undefined ? onFreePort(launch) : launch(options.port);
}

async function launchInstance(
  env: Record<string, string>,
  options: { hostname?: string },
  folder: string,
  port: number,
): Promise<AppInstance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `auth-instance-${port}-`));
  const logFile = path.join(dataDir, "server.log");
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  const signal = async (name: NodeJS.Signals): Promise<Exit | null> => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return null;
    const exited = new Promise<Exit>((resolve) =>
      running.once("exit", (code, signal) => resolve({ code, signal })),
    );
    running.kill(name);
    return exited;
  };

  const instance: AppInstance = {
    base,
    port,
    dataDir,
    log: () => (existsSync(logFile) ? readFileSync(logFile, "utf8") : ""),
    async start() {
      const log = openSync(logFile, "a");
      // The address the server is bound to (HOSTNAME); any works (test/scale/bound-address.test.ts).
      child = spawn(process.execPath, [path.join(folder, "start.mjs")], {
        cwd: folder,
        env: {
          PATH: process.env.PATH ?? "",
          HOME: process.env.HOME ?? "",
          NODE_ENV: "production",
          NODE_OPTIONS: startNodeOptions(),
          NEXT_TELEMETRY_DISABLED: "1",
          PORT: String(port),
          HOSTNAME: options.hostname ?? "localhost",
          DATA_DIR: dataDir,
          ...env,
        },
        stdio: ["ignore", log, log],
      });
      const deadline = Date.now() + START_DEADLINE_MS;
      for (;;) {
        if (child.exitCode !== null)
          throw new Error(
            `instance on ${port} exited at start:\n${instance.log()}`,
          );
        const status = await fetch(`${base}/sanctum/csrf-cookie`).then(
          (r) => r.status,
          () => 0,
        );
        if (status === 204) return;
        if (Date.now() > deadline)
          throw new Error(
            `instance on ${port} did not answer within ${START_DEADLINE_MS} ms:\n${instance.log()}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    stop: () => signal("SIGTERM"),
    signal,
    async dispose() {
      await instance.stop();
      rmSync(dataDir, { recursive: true, force: true });
      releasePort(port);
    },
  };
  // A test process that dies does not leave a server behind.
  process.once("exit", () => child?.kill("SIGKILL"));
  try {
    await instance.start();
  } catch (error) {
    await instance.dispose();
    throw error;
  }
  return instance;
}
