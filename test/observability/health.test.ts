import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEALTH_DEADLINE_MS, healthResponse } from "@/lib/operations/health";
import type { Services } from "@/lib/server/services";
import { useTestApp } from "../support/app";
import { captureLogs } from "../support/logs";
import {
  openProxiedDatabase,
  type ProxiedDatabase,
} from "../support/proxied-database";
import { servicesOn } from "../support/services";

const app = useTestApp();

async function timedHealth(services: () => Promise<Services>) {
  const started = performance.now();
  const response = await healthResponse(services);
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    ms: performance.now() - started,
  };
}

describe("GET /up", () => {
  it("answers 200 {status: ok} when the database answers, and logs nothing", async () => {
    const logs = captureLogs("trace");
    const { status, body } = await timedHealth(async () => app.services);
    logs.restore();
    expect(status).toBe(200);
    expect(body).toEqual({ status: "ok" });
    expect(logs.text()).toBe("");
  });

  it("answers 503 at once while the process shuts down, without asking the database (decision record 040)", async () => {
    // The slot the start script (scripts/start.mjs) sets on SIGTERM.
    const lifecycle = (
      globalThis as unknown as Record<symbol, { draining: boolean }>
    )[Symbol.for("next-laravel-auth.lifecycle")];
    if (!lifecycle) throw new Error("lib/server/lifecycle.ts made no slot");
    lifecycle.draining = true;
    try {
      const { status, body, ms } = await timedHealth(
        () => new Promise<Services>(() => {}),
      );
      expect(status).toBe(503);
      expect(body).toEqual({
        status: "unavailable",
        failed: ["shutdown"],
        checks: { shutdown: "draining" },
      });
      expect(ms).toBeLessThan(100);
    } finally {
      lifecycle.draining = false;
    }
  });

  it("answers 503 naming the database within a second while the server is still starting", async () => {
    const { status, body, ms } = await timedHealth(
      () => new Promise<Services>(() => {}),
    );
    expect(status).toBe(503);
    expect(body).toEqual({
      status: "unavailable",
      failed: ["database"],
      checks: { database: "timeout" },
    });
    expect(ms).toBeLessThan(1000);
  });
});

// The fault needs PostgreSQL whatever the run's database is (as test/faults/database-unreachable.test.ts).
describe("GET /up while PostgreSQL is unreachable", () => {
  let proxied: ProxiedDatabase;
  let services: Services;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "auth-health-"));
    proxied = await openProxiedDatabase();
    services = servicesOn(proxied.database, dataDir);
  });
  afterAll(async () => {
    await proxied?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const ready = async () => services;

  it("is 503 within a second when connections hang, refused or unanswered, and 200 again after", async () => {
    expect((await timedHealth(ready)).status).toBe(200);
    for (const fault of ["stall", "close", "silence"] as const) {
      await proxied.proxy[fault]();
      const down = await timedHealth(ready);
      expect(down.status, fault).toBe(503);
      expect(down.body.failed, fault).toEqual(["database"]);
      expect(down.ms, fault).toBeLessThan(1000);
      expect(down.ms, fault).toBeGreaterThan(0);
      await proxied.proxy.open();
      // The pool reconnects on its own: healthy again without a restart.
      await expect
        .poll(async () => (await timedHealth(ready)).status, {
          timeout: 15_000,
          interval: 200,
        })
        .toBe(200);
    }
    expect(HEALTH_DEADLINE_MS).toBeLessThan(1000);
  });
});
