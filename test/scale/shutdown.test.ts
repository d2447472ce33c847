import http from "node:http";
import net from "node:net";
import path from "node:path";
import postgres from "postgres";
import { expect, it } from "vitest";
import { startInstance } from "../support/app-instance";
import {
  guestHeaders,
  type Outcome,
  requestOnce,
} from "../support/fresh-connection";
import { messagesByRecipient, waitForMessages } from "../support/outbox";
import { scratchDatabase } from "../support/scratch-database";
import {
  GET_AUTH,
  registration,
  type Sent,
  send,
  startStream,
  tally,
} from "./stream-clients";

// Decision record 040: SIGTERM during a burst of registrations (each one queues a verification
// mail), and under a stream that goes on past the signal. Every request is either answered or
// refused (never accepted); none is reset or cut. Queued mail is neither lost nor sent twice,
// and the process exits 0.
const PASSWORD = "plum-orbit-4812";
const ENV = {
  SESSION_SECRET: "shutdown-test-secret-that-is-32-characters-long",
  SESSION_SECURE_COOKIE: "false",
  MAIL_DRIVER: "outbox",
  // The drain, not its deadline, is under test: on a machine busy with other suites (CI's lanes)
  // forty bcrypt hashes in flight can outlast the default 10 s, which ends the process with 1.
  SHUTDOWN_TIMEOUT: "60",
  AUTH_CONFIG_JSON: JSON.stringify({
    // Slow enough that registrations are still running when the signal comes.
    hashing: { rounds: 10 },
    limiters: { register: [{ by: "ip", max: 1000, minutes: 10 }] },
  }),
};

/** The start script's notice: for this long after the signal the application still answers. */
const NOTICE_MS = 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A connection accepted before the signal that has sent nothing yet; `ask` sends one request on it and reads until the server closes it. */
async function idleConnection(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  let received = "";
  socket.on("data", (chunk: Buffer) => (received += chunk.toString("utf8")));
  const closed = new Promise<void>((resolve) => socket.once("close", resolve));
  return {
    async ask(path: string): Promise<string> {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      await closed;
      return received;
    },
  };
}

it("SIGTERM during a burst: every request answered or refused, mail sent once each, exit 0", async () => {
  const instance = await startInstance(ENV);
  try {
    const headers = await Promise.all(
      Array.from({ length: 65 }, () => guestHeaders(instance.base)),
    );
    const idle = await idleConnection(instance.port);
    const outcomes: Promise<{ email: string; outcome: Outcome }>[] = [];
    const register = (index: number) => {
      const email = `burst-${index}-${Date.now()}@example.test`;
      outcomes.push(
        requestOnce(instance.base, {
          method: "POST",
          path: "/auth/register",
          headers: headers[index],
          body: {
            name: "Burst",
            email,
            password: PASSWORD,
            password_confirmation: PASSWORD,
          },
        }).then((outcome) => ({ email, outcome })),
      );
    };
    for (let index = 0; index < 20; index++) register(index);
    // Once the first answers, the rest of the first wave is in flight.
    await Promise.race(outcomes);
    const exit = instance.signal("SIGTERM");
    while (!instance.log().includes("shutdown: SIGTERM"))
      await new Promise((resolve) => setTimeout(resolve, 5));
    const up = idle.ask("/up");
    for (let index = 20; index < 60; index++) {
      register(index);
      if (index % 10 === 9)
        await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const exited = await exit;
    // Once the process has gone, nothing is accepted.
    for (let index = 60; index < 65; index++) register(index);
    const settled = await Promise.all(outcomes);
    expect(exited).toEqual({ code: 0, signal: null });

    const failed = settled.filter(({ outcome }) => outcome.kind === "failed");
    expect(failed).toEqual([]);
    const answered = settled.filter(
      ({ outcome }) => outcome.kind === "answered",
    );
    // Registered (arrived before the notice was over), or turned away unread after it.
    for (const { outcome } of answered)
      expect([200, 503]).toContain(
        outcome.kind === "answered" && outcome.status,
      );
    const registered = answered.filter(
      ({ outcome }) => outcome.kind === "answered" && outcome.status === 200,
    );
    expect(registered.length).toBeGreaterThan(1);
    expect(settled.some(({ outcome }) => outcome.kind === "refused")).toBe(
      true,
    );
    const draining = /shutdown: SIGTERM, draining (\d+) requests/.exec(
      instance.log(),
    );
    expect(Number(draining?.[1])).toBeGreaterThan(0);
    expect(instance.log()).toMatch(/shutdown: done/);
    // A connection accepted before the signal is still answered, and told that the server is going.
    const probe = await up;
    expect(probe).toMatch(/^HTTP\/1\.1 503 /);
    expect(probe).toMatch(/^connection: close\r$/im);
    expect(probe).toContain('"checks":{"shutdown":"draining"}');
    console.log(
      `SIGTERM during ${settled.length} registrations: ${registered.length} registered, ${answered.length - registered.length} answered 503, ${settled.length - answered.length} refused, 0 failed; ${draining?.[1]} in flight at the signal`,
    );

    // Restarted on the same DATA_DIR (PGlite closed cleanly), the worker sends what was left.
    await instance.start();
    const outbox = path.join(instance.dataDir, "outbox");
    const emails = registered.map(({ email }) => email);
    await waitForMessages(outbox, emails);
    // A second chance for a duplicate to show up.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const counts = messagesByRecipient(outbox);
    for (const email of emails) expect(counts.get(email), email).toBe(1);
    expect(counts.size).toBe(emails.length);
    expect((await instance.stop())?.code).toBe(0);
  } finally {
    await instance.dispose();
  }
}, 180_000);

it("SIGTERM under a continuing stream: after the notice 503 and Connection: close to what arrives, none reset, a registration only when answered 200, exit 0", async () => {
  const database = await scratchDatabase("shutdown_stream");
  const instance = await startInstance({
    ...ENV,
    DATABASE_URL: database.url,
    AUTH_CONFIG_JSON: JSON.stringify({
      hashing: { rounds: 8 },
      limiters: { register: [{ by: "ip", max: 1000, minutes: 10 }] },
    }),
  });
  try {
    const guests = await Promise.all(
      Array.from({ length: 160 }, () => guestHeaders(instance.base)),
    );
    const warm = await guestHeaders(instance.base);
    const lateGuest = await guestHeaders(instance.base);
    const heldGuest = await guestHeaders(instance.base);
    // A keep-alive connection idle at the signal and used after the notice; first, a warm server.
    const idle = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const warmEmail = `stream-warm-${Date.now()}@example.test`;
    const warmUp = await send(
      instance.base,
      idle,
      registration(warm, warmEmail),
    );
    expect(warmUp.outcome).toMatchObject({ status: 200 });
    const stream = startStream(instance.base, guests, {
      keepAlive: 2,
      fresh: 2,
    });
    await sleep(2000);
    // Used just before the signal, so that the server's keep-alive timeout does not end it first.
    expect((await send(instance.base, idle, GET_AUTH)).outcome).toMatchObject({
      status: 200,
    });
    // A registration under way at the signal whatever the machine's speed (the stream's own are
    // over in a few milliseconds on a quiet machine, and may all fall between two): its headers
    // go out now, its body once the drain has begun.
    let releaseBody = () => {};
    const bodyHeld = new Promise<void>((resolve) => (releaseBody = resolve));
    const heldEmail = `stream-held-${Date.now()}@example.test`;
    const heldAt = Date.now();
    const held = send(
      instance.base,
      false,
      registration(heldGuest, heldEmail),
      bodyHeld,
    ).then((result) => ({ ...result, ended: Date.now() }));
    await sleep(200);
    const signalled = Date.now();
    const exit = instance.signal("SIGTERM");
    while (!instance.log().includes("shutdown: SIGTERM")) await sleep(5);
    const draining = Date.now();
    releaseBody();
    const noticeOver = draining + NOTICE_MS;
    await sleep(noticeOver + 200 - Date.now());
    const lateEmail = `stream-late-${Date.now()}@example.test`;
    const lateAt = Date.now();
    const late = {
      ...(await send(instance.base, idle, registration(lateGuest, lateEmail))),
      ended: Date.now(),
    };
    idle.destroy();
    await sleep(draining + 3000 - Date.now());
    const sent: Sent[] = [
      ...(await stream.stop()),
      {
        ...(await held),
        action: "register",
        connection: "fresh",
        at: heldAt,
        email: heldEmail,
      },
      {
        ...late,
        action: "register",
        connection: "keep-alive",
        at: lateAt,
        email: lateEmail,
      },
    ];
    const exited = await exit;
    console.log(
      `SIGTERM under a stream of ${sent.length} requests: ${tally(sent, signalled)}`,
    );
    expect(exited).toEqual({ code: 0, signal: null });

    // Every request got a whole answer: none reset or cut, none refused (the stream stopped
    // before the listener closed).
    expect(sent.filter(({ outcome }) => outcome.kind !== "answered")).toEqual(
      [],
    );
    expect(late.reused).toBe(true);
    const answers = sent.flatMap((each) =>
      each.outcome.kind === "answered" ? [{ ...each, ...each.outcome }] : [],
    );
    for (const { status, headers, body, at, action } of answers) {
      const what = `${action} sent ${at - draining} ms after the drain began`;
      // Before the signal, the application's answer; during the notice, the application's or
      // (arrived after it) the 503; after it, the 503. From the drain on, the connection closes.
      if (at < signalled) expect(status, what).toBe(200);
      else if (at < noticeOver) expect([200, 503], what).toContain(status);
      else expect(status, what).toBe(503);
      if (at >= draining) expect(headers.connection, what).toBe("close");
      if (status !== 503) continue;
      expect(headers.connection, what).toBe("close");
      expect(headers["retry-after"], what).toBe("5");
      expect(JSON.parse(body), what).toEqual({
        message: "Service temporarily unavailable. Please try again shortly.",
      });
    }
    // A request in flight at the signal finished as the application answered it.
    expect(answers.find(({ email }) => email === heldEmail)).toMatchObject({
      status: 200,
      headers: { connection: "close" },
    });
    expect((await held).ended).toBeGreaterThan(draining);
    const afterNotice = answers.filter(({ at }) => at >= noticeOver);
    for (const connection of ["keep-alive", "fresh"] as const)
      for (const action of ["get-auth", "register"] as const)
        expect(
          afterNotice.filter(
            (each) => each.connection === connection && each.action === action,
          ).length,
          `${action} on ${connection} connections after the notice`,
        ).toBeGreaterThan(0);

    // A registration exists if and only if it was answered 200.
    const registered = answers
      .filter(({ action, status }) => action === "register" && status === 200)
      .map(({ email }) => email);
    expect(registered.length).toBeGreaterThan(0);
    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    const rows = await sql<{ email: string }[]>`
      select email from users where email like 'stream-%'`;
    await sql.end();
    expect(rows.map(({ email }) => email).sort()).toEqual(
      [warmEmail, ...registered].sort(),
    );
    expect(instance.log()).toMatch(/shutdown: done/);
  } finally {
    await instance.dispose();
    await database.drop();
  }
}, 180_000);
