import net from "node:net";
import path from "node:path";
import { expect, it } from "vitest";
import { startInstance } from "../support/app-instance";
import {
  guestHeaders,
  type Outcome,
  requestOnce,
} from "../support/fresh-connection";
import { messagesByRecipient, waitForMessages } from "../support/outbox";

// Decision record 040: SIGTERM during a burst of registrations (each one queues a verification
// mail). Every request is either answered or refused (never accepted); none is reset or cut.
// Queued mail is neither lost nor sent twice, and the process exits 0.
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
    for (const { outcome } of answered)
      expect(outcome.kind === "answered" && outcome.status).toBe(200);
    expect(answered.length).toBeGreaterThan(1);
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
      `SIGTERM during ${settled.length} registrations: ${answered.length} answered, ${settled.length - answered.length} refused, 0 failed; ${draining?.[1]} in flight at the signal`,
    );

    // Restarted on the same DATA_DIR (PGlite closed cleanly), the worker sends what was left.
    await instance.start();
    const outbox = path.join(instance.dataDir, "outbox");
    const emails = answered.map(({ email }) => email);
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
