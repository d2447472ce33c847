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

/** A port of 3450-3499 that nothing listens on right now. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 3450 + Math.floor(Math.random() * 50);
    const isFree = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (isFree) return port;
  }
  throw new Error("no free port in 3450-3499");
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
  const port = options.port ?? (await freePort());
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
    },
  };
  // A test process that dies does not leave a server behind.
  process.once("exit", () => child?.kill("SIGKILL"));
  await instance.start();
  return instance;
}
