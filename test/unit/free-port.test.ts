import net from "node:net";
import { afterEach, expect, it } from "vitest";
import {
  freePort,
  INSTANCE_PORTS,
  onFreePort,
  releasePort,
} from "../support/app-instance";

// A range of its own, below the scale suite's (INSTANCE_PORTS) and above the browser suite's
// (e2e/support/ports.ts): CI runs that suite beside this one, and a probe here must not take one
// of its ports for an instant.
const RANGE = { first: 3400, count: 40 };
const servers: net.Server[] = [];

afterEach(async () => {
  await Promise.all(
    servers
      .splice(0)
      .map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

function listen(port: number): Promise<net.Server> {
  const server = net.createServer();
  servers.push(server);
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

it("keeps the range apart from the scale suite's", () => {
  expect(RANGE.first + RANGE.count).toBeLessThanOrEqual(INSTANCE_PORTS.first);
});

it("hands a port out once until it is released, though nothing has bound it yet", async () => {
  // Chosen one after the other, as a test starts two servers: 30 of 40 ports by chance alone
  // would repeat one (a chance of 1 in 5 million not to). Then every port of the range, each once.
  const ports: number[] = [];
  for (let i = 0; i < 30; i++) ports.push(await freePort(RANGE));
  expect(new Set(ports).size).toBe(30);

  ports.forEach(releasePort);
  const again = new Set<number>();
  for (let i = 0; i < 40; i++) again.add(await freePort(RANGE));
  expect(again.size).toBe(40);
  await expect(freePort(RANGE)).rejects.toThrow("no free port in 3400-3439");
  again.forEach(releasePort);
});

it("launches again on another port when another process binds the chosen one first", async () => {
  const tried: number[] = [];
  const server = await onFreePort(async (port) => {
    tried.push(port);
    // The first time, something else binds the port between the probe and the launch.
    if (tried.length === 1) await listen(port);
    return listen(port);
  }, RANGE);

  const [taken, second] = tried;
  expect(tried).toHaveLength(2);
  expect(second).not.toBe(taken);
  expect(server.address()).toMatchObject({ port: second });
  tried.forEach(releasePort);
});

it("does not try again when the launch fails for another reason", async () => {
  let launches = 0;
  await expect(
    onFreePort(async () => {
      launches++;
      throw new Error("instance exited at start: SESSION_SECRET is too short");
    }, RANGE),
  ).rejects.toThrow("SESSION_SECRET");
  expect(launches).toBe(1);
});
