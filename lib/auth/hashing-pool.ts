import "server-only";
import os from "node:os";
import { Worker } from "node:worker_threads";

/**
 * How far below the event loop the hashing threads run. Linux keeps a nice value per thread, so
 * only these threads yield: under a login storm the event loop still gets a core for everything
 * else, and when nothing else runs, bcrypt has every core to itself (decision record 010). It is
 * relative to the thread that starts them (which a thread inherits), so a server started under
 * `nice` keeps the same distance, up to Linux's lowest priority, 19.
 */
export const HASHING_NICE = 10;
/** Linux's lowest scheduling priority: a nice value above it is clamped to it. */
export const LOWEST_PRIORITY = 19;

// CommonJS, evaluated in each worker thread: bcrypt's synchronous calls, on this thread only.
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const bcrypt = require("bcrypt");
try {
  const os = require("node:os");
  os.setPriority(0, Math.min(${LOWEST_PRIORITY}, os.getPriority(0) + ${HASHING_NICE}));
} catch {}
parentPort.on("message", ({ op, plain, salt }) => {
  try {
    parentPort.postMessage({ result: op === "hash" ? bcrypt.hashSync(plain, salt) : bcrypt.compareSync(plain, salt) });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message ? error.message : error) });
  }
});
`;

type Task = {
  op: "hash" | "compare";
  plain: string;
  salt: string | number;
  resolve(value: unknown): void;
  reject(error: Error): void;
};

/** One thread per core: bcrypt is pure CPU, more threads would only queue inside the kernel. */
const SIZE = Math.max(1, os.availableParallelism());
const queue: Task[] = [];
const idle: Worker[] = [];
const running = new Map<Worker, Task>();

/**
 * A thread idle this long ends: a quiet server gives its V8 isolate's memory back (about 10 MB
 * per thread; decision record 018), and the next task starts one again (a few tens of ms).
 */
export const HASHING_IDLE_MS = 30_000;
const retirements = new Map<Worker, ReturnType<typeof setTimeout>>();

function retireWhenIdle(worker: Worker): void {
  const timer = setTimeout(() => {
    retirements.delete(worker);
    const index = idle.indexOf(worker);
    if (index === -1) return;
    idle.splice(index, 1);
    void worker.terminate();
  }, HASHING_IDLE_MS);
  timer.unref();
  retirements.set(worker, timer);
}

function keep(worker: Worker): void {
  clearTimeout(retirements.get(worker));
  retirements.delete(worker);
}

function settle(
  worker: Worker,
  outcome: { result?: unknown; error?: string },
): void {
  const task = running.get(worker);
  running.delete(worker);
  worker.unref();
  idle.push(worker);
  retireWhenIdle(worker);
  if (outcome.error !== undefined) task?.reject(new Error(outcome.error));
  else task?.resolve(outcome.result);
  next();
}

function spawn(): Worker {
  const worker = new Worker(WORKER_SOURCE, { eval: true });
  worker.on("message", (outcome: { result?: unknown; error?: string }) =>
    settle(worker, outcome),
  );
  // A worker that dies fails its task; the next task starts a fresh one.
  worker.on("error", (error) => running.get(worker)?.reject(error));
  worker.on("exit", () => {
    keep(worker);
    running.delete(worker);
    const index = idle.indexOf(worker);
    if (index >= 0) idle.splice(index, 1);
    next();
  });
  return worker;
}

function next(): void {
  for (
    let task = queue[0];
    task && (idle.length > 0 || running.size + idle.length < SIZE);
    task = queue[0]
  ) {
    queue.shift();
    const worker = idle.pop() ?? spawn();
    keep(worker);
    running.set(worker, task);
    // Referenced while it works (the process waits for the answer), unreferenced when idle.
    worker.ref();
    worker.postMessage({ op: task.op, plain: task.plain, salt: task.salt });
  }
}

function submit(
  op: Task["op"],
  plain: string,
  salt: string | number,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    queue.push({ op, plain, salt, resolve, reject });
    next();
  });
}

/** bcrypt.hash off the event loop and below its priority. */
export async function bcryptHash(
  plain: string,
  rounds: number,
): Promise<string> {
  return String(await submit("hash", plain, rounds));
}

/** bcrypt.compare off the event loop and below its priority. */
export async function bcryptCompare(
  plain: string,
  hash: string,
): Promise<boolean> {
  return (await submit("compare", plain, hash)) === true;
}
