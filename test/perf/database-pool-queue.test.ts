import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "@/db/client";
import { POSTGRES_SERVER } from "../support/scratch-database";

// Decision record 010 (amendment "a pool that slows with its age"): postgres.js 3.4.9 keeps each
// of its pool's queues in an array it never shortens while the queue holds something; `remove`
// searched that array from its start. While every connection was in use, the array of busy
// connections grew by one slot a query and every query scanned it, so the database work got slower
// with every query served with the pool saturated (about 30 % more CPU for a session's get-auth
// after 100,000 requests, measured in process). patches/postgres+3.4.9.patch searches only the live part and
// drops the dead prefix once it is half the array. Array.prototype.indexOf is the queue's only
// scan, so the tests count what it walks.

type Queue<T> = {
  readonly length: number;
  push(x: T): T;
  shift(): T;
  remove(x: T): T | null;
};

const PACKAGE = path.resolve(
  import.meta.dirname,
  "../../node_modules/postgres",
);
// Next's server loads the CommonJS build, vitest the module one: both carry the patch.
const builds: [
  string,
  () => Promise<(initial?: unknown[]) => Queue<unknown>>,
][] = [
  [
    "ES module",
    async () =>
      (await import(pathToFileURL(`${PACKAGE}/src/queue.js`).href)).default,
  ],
  [
    "CommonJS",
    async () => createRequire(import.meta.url)(`${PACKAGE}/cjs/src/queue.js`),
  ],
];

const indexOf = Array.prototype.indexOf;
afterEach(() => {
  Array.prototype.indexOf = indexOf;
});

/** Records the length each `indexOf` walks when `counts(value)`; returns the largest so far. */
function countScans(counts: (value: unknown) => boolean): () => number {
  let largest = 0;
  Array.prototype.indexOf = function (
    this: unknown[],
    value: unknown,
    from?: number,
  ) {
    if (counts(value)) largest = Math.max(largest, this.length - (from ?? 0));
    return indexOf.call(this, value, from);
  };
  return () => largest;
}

type Connection = { id: number };

describe.each(builds)("the pool's queue (%s build)", (_, load) => {
  it("stays first in, first out, and scans only what it holds, however long it is used", async () => {
    const busy = (await load())() as Queue<Connection>;
    // A plain list beside it: what the queue must hold, in order.
    const model: Connection[] = [];
    const enqueue = (connection: Connection) => {
      busy.push(connection);
      model.push(connection);
    };
    const connections = Array.from({ length: 10 }, (_, id) => ({ id }));
    connections.forEach(enqueue);
    const largestScan = countScans((value) =>
      connections.includes(value as Connection),
    );
    const idle: Connection[] = [];
    const shifted: Connection[] = [];
    const expected: (Connection | undefined)[] = [];
    // What the pool does with every connection busy: the next query goes to the connection that
    // waited longest, which `move` then takes out of its queue (already out: a miss) and pushes
    // back; now and then one finishes its queries and leaves for the idle queue, then returns.
    for (let step = 0; step < 20_000; step++) {
      const next = busy.shift();
      shifted.push(next);
      expected.push(model.shift());
      if (busy.remove(next) !== null) throw new Error("removed twice");
      enqueue(next);
      if (step % 7 === 0) {
        const done = model.splice(step % model.length, 1)[0];
        if (!done || busy.remove(done) !== done) throw new Error("not removed");
        idle.push(done);
      }
      const back = step % 7 === 3 ? idle.shift() : undefined;
      if (back) enqueue(back);
      if (busy.length !== model.length) throw new Error("length drifted");
    }
    expect(shifted).toEqual(expected);
    // Each search starts at the first queued connection.
    expect(largestScan()).toBeLessThanOrEqual(connections.length);
  });
});

describe("the application's pool under sustained concurrent load", () => {
  it("scans no more of its queues than it has connections", async () => {
    const database = openDatabase({
      url: POSTGRES_SERVER,
      max: 2,
    });
    try {
      await database.db.execute(sql`select 1`);
      // postgres.js's connections are the only values with these two members that the pool looks for.
      const largestScan = countScans(
        (value) =>
          typeof value === "object" &&
          value !== null &&
          "execute" in value &&
          "queue" in value,
      );
      await Promise.all(
        Array.from({ length: 50 }, async () => {
          for (let query = 0; query < 60; query++)
            await database.db.execute(sql`select 1`);
        }),
      );
      expect(largestScan()).toBeGreaterThan(0);
      expect(largestScan()).toBeLessThanOrEqual(2);
    } finally {
      Array.prototype.indexOf = indexOf;
      await database.close();
    }
  });
});
