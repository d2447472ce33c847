import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInstance } from "../support/app-instance";
import { HttpClient } from "../support/http-client";
import { scratchDatabase } from "../support/scratch-database";
import { copyStandalone, sizeInMegabytes } from "../support/standalone-copy";

// docs/deployment.md: the standalone folder runs on its own. A copy of it, in an empty temporary
// folder, migrates with its bundled command line, starts on PGlite and on PostgreSQL, serves the
// contract, and stops cleanly on SIGTERM (decision record 040).
const PASSWORD = "plum-orbit-4812";
const ENV = {
  SESSION_SECRET: "standalone-test-secret-that-is-32-characters-long",
  SESSION_SECURE_COOKIE: "false",
  MAIL_DRIVER: "outbox",
  AUTH_CONFIG_JSON: JSON.stringify({ hashing: { rounds: 4 } }),
};
let folder: string;

beforeAll(() => {
  folder = copyStandalone("standalone");
  console.log(`standalone folder: ${sizeInMegabytes(folder)} MB`);
});

afterAll(() => {
  rmSync(path.dirname(folder), { recursive: true, force: true });
});

/** Every file of the folder outside node_modules (relative paths). */
function filesOf(dir: string, prefix = ""): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap(
    (entry) => {
      const relative = path.join(prefix, entry.name);
      if (entry.name === "node_modules") return [];
      return entry.isDirectory() ? filesOf(dir, relative) : [relative];
    },
  );
}

function runCli(args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, ["cli/auth.mjs", ...args], {
    cwd: folder,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", ...env },
    encoding: "utf8",
  });
}

it("stops at start on a timeout out of its bounds, naming the variable", () => {
  for (const [name, value] of [
    ["KEEP_ALIVE_TIMEOUT", "65s"],
    ["KEEP_ALIVE_TIMEOUT", "999"],
    ["SHUTDOWN_TIMEOUT", "0"],
  ] as const) {
    const started = spawnSync(process.execPath, ["start.mjs"], {
      cwd: folder,
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        ...ENV,
        PORT: "0",
        [name]: value,
      },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(started.status, `${name}=${value}`).toBe(1);
    expect(started.stderr).toContain(`invalid configuration: ${name}:`);
  }
});

it("holds the server, the start script, the command line and the migrations, and no sources", () => {
  const files = filesOf(folder);
  expect(files).toEqual(
    expect.arrayContaining([
      "server.js",
      "start.mjs",
      "cli/auth.mjs",
      "db/migrations/meta/_journal.json",
    ]),
  );
  expect(files.filter((file) => /\.(tsx?|mts)$/.test(file))).toEqual([]);
  const modules = readdirSync(path.join(folder, "node_modules"));
  expect(modules).toEqual(
    expect.arrayContaining(["bcrypt", "postgres", "@electric-sql", "next"]),
  );
});

describe.each(["pglite", "postgres"] as const)("on %s", (kind) => {
  let env: Record<string, string>;
  let drop = async () => {};

  beforeAll(async () => {
    env = { ...ENV };
    if (kind === "postgres") {
      const database = await scratchDatabase("standalone");
      env.DATABASE_URL = database.url;
      drop = database.drop;
    }
  });

  afterAll(() => drop());

  it("migrates, serves register, login, get-auth and a token, and exits 0 on SIGTERM", async () => {
    const instance = await startInstance(env, { folder });
    try {
      env.DATA_DIR = instance.dataDir;
      const client = new HttpClient();
      await client.csrf(instance.base);
      const email = `standalone-${kind}@example.test`;
      const registered = await client.post(instance.base, "/auth/register", {
        name: "Standalone",
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      });
      expect(registered.status, registered.text).toBe(200);
      expect((await client.post(instance.base, "/auth/logout")).status).toBe(
        200,
      );
      await client.csrf(instance.base);
      const login = await client.post(instance.base, "/auth/login", {
        email,
        password: PASSWORD,
      });
      expect(login.status, login.text).toBe(200);
      const signedIn = await client.get(instance.base, "/auth/get-auth");
      expect(signedIn.body).toMatchObject({
        authenticated: true,
        user: { email },
      });
      // Idle connections outlive a load balancer's 60 s (scripts/start.mjs), not Node's 5 s.
      expect(signedIn.headers.get("keep-alive")).toBe("timeout=65");
      const guest = new HttpClient();
      await guest.csrf(instance.base);
      const created = await guest.post(instance.base, "/auth/create-token", {
        email,
        password: PASSWORD,
        name: "standalone",
      });
      expect(created.status, created.text).toBe(200);
      const bearer = await new HttpClient().get(
        instance.base,
        "/auth/get-auth",
        { bearer: String(created.body.token) },
      );
      expect(bearer.body).toMatchObject({ authenticated: true });
    } finally {
      expect(await instance.stop()).toEqual({ code: 0, signal: null });
    }
    // The bundled command line, on the database the server left (PGlite: closed cleanly).
    const migrated = runCli(["migrate"], env);
    expect(migrated.stderr).toBe("");
    expect(migrated.status).toBe(0);
    expect(migrated.stdout).toMatch(/^Migrations applied/);
    const created = runCli(
      ["create-user", "--name", "Cli", "--email", `cli-${kind}@example.test`],
      env,
    );
    expect(created.stderr).toBe("");
    expect(created.stdout).toMatch(/^Created user 2 /);
    if (env.DATABASE_URL) {
      const journal = JSON.parse(
        readFileSync(
          path.join(folder, "db/migrations/meta/_journal.json"),
          "utf8",
        ),
      ) as { entries: unknown[] };
      const sql = postgres(env.DATABASE_URL, { max: 1, onnotice: () => {} });
      const [row] = await sql<{ count: number }[]>`
        select count(*)::int as count from drizzle.__drizzle_migrations`;
      await sql.end();
      expect(row?.count).toBe(journal.entries.length);
    }
    rmSync(env.DATA_DIR ?? "", { recursive: true, force: true });
  });
});
