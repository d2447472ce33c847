// npm run bench:allocations — how many bytes the pipeline allocates to answer get-auth as a
// guest, with a session cookie and with a bearer token, and where. The collector's share of a
// request's CPU follows what it allocates (decision record 060, "Where the rest went"), and
// unlike requests/s or CPU time, bytes allocated do not move with the machine's speed: a change
// that trims a request's garbage shows here on any day.
//
// In process, through the same `dispatch` a route file calls (no HTTP and no Next: what Next
// allocates is the anchor's as much as ours), on PGlite or on DATABASE_URL's PostgreSQL (a
// database the script migrates and adds one account to). V8's sampling heap profiler records
// every allocation it samples, collected ones included, with its stack; each scenario runs
// `ALLOCATIONS_REQUESTS` requests (3,000) after as many to warm up, and prints its bytes per
// request and the sites of this repository that allocate most (a site's own allocations and
// those of the libraries it calls). `ALLOCATIONS_BY=frame` lists every function's own
// allocations instead, the libraries' and Node's included (how drizzle's row mapping showed);
// `ALLOCATIONS_TOP` sets how many sites are listed (12).
import { mkdtempSync, rmSync } from "node:fs";
import { Session as Inspector } from "node:inspector/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "@/db/client";
import { users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/passwords";
import { configureLogging } from "@/lib/observability/logger";
import { createServices } from "@/lib/runtime/services";
import { settleBackground } from "@/lib/server/background";
import { dispatch } from "@/lib/server/pipeline";
import type { Services } from "@/lib/server/services";
import { Agent } from "@/test/support/agent";
import { type CallFrame, siteOf } from "./profile-site";

const requests = Number(process.env.ALLOCATIONS_REQUESTS ?? 3000);
const byFrame = process.env.ALLOCATIONS_BY === "frame";
const listed = Number(process.env.ALLOCATIONS_TOP ?? 12);
const PASSWORD = "allocations-password";

type ProfileNode = {
  callFrame: CallFrame;
  selfSize: number;
  children: ProfileNode[];
};

/** Bytes per request, by the innermost frame of lib/ or db/ on each allocation's stack (or by frame). */
async function profile(run: () => Promise<void>) {
  for (let index = 0; index < requests; index++) await run();
  await settleBackground();
  const inspector = new Inspector();
  inspector.connect();
  await inspector.post("HeapProfiler.enable");
  // Collected objects too (V8 leaves them out by default): a request's garbage is the point.
  await inspector.post("HeapProfiler.startSampling", {
    samplingInterval: 256,
    includeObjectsCollectedByMinorGC: true,
    includeObjectsCollectedByMajorGC: true,
  } as object);
  for (let index = 0; index < requests; index++) await run();
  await settleBackground();
  const { profile } = (await inspector.post("HeapProfiler.stopSampling")) as {
    profile: { head: ProfileNode };
  };
  inspector.disconnect();
  let total = 0;
  const bySite = new Map<string, number>();
  const walk = (node: ProfileNode, ours: string) => {
    const site = siteOf(node);
    const innermost = /^(lib|db)\//.test(site) ? site : ours;
    total += node.selfSize;
    const key = byFrame ? site : innermost;
    bySite.set(key, (bySite.get(key) ?? 0) + node.selfSize);
    for (const child of node.children) walk(child, innermost);
  };
  walk(
    profile.head,
    "(outside lib/ and db/: undici's Request and Response, promises)",
  );
  const top = [...bySite]
    .sort((a, b) => b[1] - a[1])
    .slice(0, listed)
    .map(
      ([site, bytes]) =>
        `  ${(bytes / requests).toFixed(0).padStart(6)} B  ${site}`,
    );
  return { perRequest: total / requests, top };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "allocations-"));
  const database = openDatabase({ url: process.env.DATABASE_URL });
  await configureLogging("warn", false);
  try {
    await database.migrate();
    const now = new Date();
    const email = `allocations-${Date.now()}@example.test`;
    await database.db.insert(users).values({
      name: "Allocations",
      email,
      password: await hashPassword(PASSWORD, 4),
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    const services: Services = createServices(
      {
        NODE_ENV: "production",
        SESSION_SECRET: "allocations-secret-that-is-at-least-32-characters",
        APP_URL: "http://localhost:3000",
        DATA_DIR: dataDir,
        MAIL_DRIVER: "outbox",
        QUEUE_WORKER: "false",
        TRUST_PROXY: "true",
      },
      { database },
    );
    const agent = new Agent(services);
    await agent.csrf();
    const login = await agent.post("/auth/login", {
      email,
      password: PASSWORD,
    });
    const guest = new Agent(services);
    await guest.csrf();
    const token = await guest.post("/auth/create-token", {
      email,
      password: PASSWORD,
      name: "allocations",
    });
    if (login.status !== 200 || token.status !== 200)
      throw new Error(
        `sign-in answered ${login.status}, create-token ${token.status}`,
      );
    const cookie = [...agent.cookies]
      .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
      .join("; ");
    const scenarios: [string, Record<string, string>][] = [
      ["get-auth, guest", {}],
      ["get-auth, session cookie", { cookie }],
      [
        "get-auth, bearer token",
        { authorization: `Bearer ${token.body.token}` },
      ],
    ];
    console.log(
      `${database.kind}, ${requests} requests a scenario (bytes a request, ${byFrame ? "by the function allocating them" : "by the innermost frame of lib/ or db/"})`,
    );
    for (const [name, credential] of scenarios) {
      const url = new URL("/auth/get-auth", services.env.APP_URL);
      const { perRequest, top } = await profile(async () => {
        const headers = new Headers({
          accept: "application/json",
          "x-forwarded-for": "127.0.0.1",
          ...credential,
        });
        const response = await dispatch(
          new Request(url, { headers }),
          url.pathname,
          services,
        );
        if (response.status !== 200)
          throw new Error(`${name} answered ${response.status}`);
        await response.arrayBuffer();
      });
      console.log(
        `\n${name}: ${(perRequest / 1024).toFixed(1)} KiB a request\n${top.join("\n")}`,
      );
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
