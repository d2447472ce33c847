import { Socket } from "node:net";
import { sql } from "drizzle-orm";
import { SOCKET_IDLE_TIMEOUT_MS } from "@/db/timed-socket";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  openProxiedDatabase,
  type ProxiedDatabase,
} from "../support/proxied-database";

// Decision record 010 (amendment of 2026-11-28): every query settles in bounded time. Node emits a
// socket's 'error' and, a turn of the event loop later, its 'close'; postgres.js 3.4.9 takes the
// connection as closed only at 'close', so a query handed to the pool in between went to the dead
// connection and never settled (a request waiting forever after a partition healed), and the write
// it scheduled broke the connection's next start-up. patches/postgres+3.4.9.patch mends both. One
// connection in the pool, so that query has no other to go to.
let proxied: ProxiedDatabase;

beforeEach(async () => {
  proxied = await openProxiedDatabase({ max: 1 });
});

afterEach(async () => {
  await proxied.drop();
});

const settles = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise.then(
      (value) => ({ settled: "resolved" as const, value }),
      (error: unknown) => ({ settled: "rejected" as const, value: error }),
    ),
    new Promise<{ settled: "pending" }>((resolve) =>
      setTimeout(() => resolve({ settled: "pending" }), ms),
    ),
  ]);

describe("a query sent while its connection is failing", () => {
  it("fails at once like the others of the outage, and the pool serves the next one", async () => {
    const { db } = proxied.database;
    await db.execute(sql`select 1`);
    let failure: { cause?: unknown } | undefined;
    void db.execute(sql`select pg_sleep(1)`).catch((error: Error) => {
      failure = error;
    });
    // The query on the wire, waiting for its answer.
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The server's side of the connection resets: the socket errors, and closes a turn later.
    await proxied.proxy.silence();
    // The first check phase after the failure: between the socket's 'error' and its 'close'.
    // (Held in an object: a promise resolving to a promise would wait for it.)
    const next = await new Promise<{ query: Promise<unknown> }>((resolve) => {
      const poll = () => {
        if (!failure) return void setImmediate(poll);
        resolve({ query: db.execute(sql`select 2 as two`) });
      };
      setImmediate(poll);
    });
    expect(failure?.cause).toMatchObject({ code: "ECONNRESET" });
    await proxied.proxy.open();
    // Not pending: it fails as the rest of the outage did, with the driver's connection error.
    expect(await settles(next.query, 4_000)).toMatchObject({
      settled: "rejected",
      value: { cause: { code: "CONNECTION_CLOSED" } },
    });
    // The connection it was handed opens cleanly for the next query.
    expect(await db.execute(sql`select 3 as three`)).toEqual([{ three: 3 }]);
  });
});

// Decision record 010 (amendment of 2026-11-29): the socket's silence limit (db/timed-socket.ts)
// is for a query whose answer does not come. It destroyed a connection merely idle that long too,
// and a query the pool handed that connection before its 'close' failed: a 503 on a healthy
// database (a command's token refresh met it a few seconds after the command started). The pool
// now retires an idle connection itself, out of its queues first, before the socket's limit.
describe("a connection left idle as long as the socket's silence limit", () => {
  it("is retired by the pool, and a query sent at that moment is served", async () => {
    const { db } = proxied.database;
    await db.execute(sql`select 1`);
    // The pool's one connection, as the process holds it (Node has no public list of sockets).
    const [socket] = (process as unknown as { _getActiveHandles(): unknown[] })
      ._getActiveHandles()
      .filter(
        (handle): handle is Socket =>
          handle instanceof Socket && handle.remotePort === proxied.proxy.port,
      );
    expect(socket).toBeDefined();
    // Sent the moment the socket counts as silent, if it ever does; else a little after.
    // (Held in an object: a promise resolving to a promise would wait for it.)
    const next = await Promise.race([
      new Promise<{ query: Promise<unknown> }>((resolve) =>
        socket?.once("timeout", () =>
          resolve({ query: db.execute(sql`select 2 as two`) }),
        ),
      ),
      new Promise<{ query: Promise<unknown> }>((resolve) =>
        setTimeout(
          () => resolve({ query: db.execute(sql`select 2 as two`) }),
          SOCKET_IDLE_TIMEOUT_MS + 500,
        ),
      ),
    ]);
    expect(await next.query).toEqual([{ two: 2 }]);
  });
});
