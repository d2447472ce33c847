import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  type AppInstance,
  START_SCRIPT,
  startInstance,
} from "../support/app-instance";
import { guestHeaders, requestOnce } from "../support/fresh-connection";
import { HttpClient } from "../support/http-client";

// The embedded database (PGlite in DATA_DIR) in production: a backup taken while the server runs
// restores to a database that starts (decision record 042), and an account the server
// acknowledged survives the server being killed.
const PASSWORD = "plum-orbit-4812";
const STANDALONE = path.dirname(START_SCRIPT);
const ENV = {
  SESSION_SECRET: "embedded-test-secret-that-is-32-characters-long",
  SESSION_SECURE_COOKIE: "false",
  MAIL_DRIVER: "outbox",
  AUTH_CONFIG_JSON: JSON.stringify({
    hashing: { rounds: 4 },
    limiters: { register: [{ by: "ip", max: 1000, minutes: 10 }] },
  }),
};
let instance: AppInstance;
let scratch: string;

beforeAll(async () => {
  instance = await startInstance(ENV);
  scratch = mkdtempSync(path.join(tmpdir(), "embedded-backup-"));
});

afterAll(async () => {
  await instance?.dispose();
  rmSync(scratch, { recursive: true, force: true });
});

/** The bundled command line of the build, on the instance's DATA_DIR (run asynchronously: requests go on meanwhile). */
function auth(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["cli/auth.mjs", ...args],
      {
        cwd: STANDALONE,
        env: {
          PATH: process.env.PATH ?? "",
          NODE_ENV: "production",
          DATA_DIR: instance.dataDir,
          ...ENV,
        },
        encoding: "utf8",
      },
      (_error, stdout, stderr) => resolve({ stdout, stderr }),
    );
  });
}

async function register(email: string) {
  const client = new HttpClient();
  await client.csrf(instance.base);
  return client.post(instance.base, "/auth/register", {
    name: "Embedded",
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
}

async function canSignIn(email: string): Promise<boolean> {
  const client = new HttpClient();
  await client.csrf(instance.base);
  const response = await client.post(instance.base, "/auth/login", {
    email,
    password: PASSWORD,
  });
  return response.status === 200;
}

it("auth backup copies the database while the server runs; auth restore brings that copy back", async () => {
  expect((await register("before-backup@example.test")).status).toBe(200);
  const file = path.join(scratch, "backup.tar.gz");
  // Registrations go on during the backup.
  const busy = Promise.all(
    Array.from({ length: 5 }, (_, index) =>
      register(`during-backup-${index}@example.test`),
    ),
  );
  const [backup] = await Promise.all([auth("backup", file), busy]);
  expect(backup.stderr).toBe("");
  expect(backup.stdout).toMatch(/from the running server\) to /);
  expect((await register("after-backup@example.test")).status).toBe(200);

  expect((await auth("restore", file)).stderr).toMatch(/A server is running/);
  expect((await instance.stop())?.code).toBe(0);
  const restored = await auth("restore", file);
  expect(restored.stderr).toBe("");
  expect(restored.stdout).toMatch(/^Restored the embedded database/);
  await instance.start();
  expect(await canSignIn("before-backup@example.test")).toBe(true);
  expect(await canSignIn("after-backup@example.test")).toBe(false);
});

it("every account acknowledged before the server is killed is there after the restart", async () => {
  const acknowledged: string[] = [];
  const burst = Array.from({ length: 40 }, async (_, index) => {
    const email = `killed-${index}-${Date.now()}@example.test`;
    const outcome = await requestOnce(instance.base, {
      method: "POST",
      path: "/auth/register",
      headers: await guestHeaders(instance.base),
      body: {
        name: "Killed",
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      },
    });
    if (outcome.kind === "answered" && outcome.status === 200)
      acknowledged.push(email);
  });
  while (acknowledged.length < 10)
    await new Promise((resolve) => setTimeout(resolve, 5));
  expect(await instance.signal("SIGKILL")).toEqual({
    code: null,
    signal: "SIGKILL",
  });
  await Promise.all(burst);
  await instance.start();
  for (const email of acknowledged)
    expect(await canSignIn(email), email).toBe(true);
  console.log(
    `SIGKILL during 40 registrations: ${acknowledged.length} acknowledged, all found after the restart`,
  );
});
