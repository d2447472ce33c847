// npm run bench:oauth-cpu — what the token endpoint's client-credentials grant and introspection
// cost this application's own code, beside a bearer's get-auth (the route that meets its target),
// and where it goes. In process, by path as the catch-all route files call the pipeline (`routeByPath`) (no HTTP and no
// Next: what they cost is the anchor's as much as ours; docs/performance.md "OAuth beside
// oidc-provider"), on PGlite or on DATABASE_URL's PostgreSQL (a database of its own, dropped
// afterwards). One request at a time, so the wall time is the request's own: `OAUTH_CPU_REQUESTS`
// (2,000) a scenario after as many to warm up, in `OAUTH_CPU_ROUNDS` (3) rotating rounds; the
// median round's wall and CPU per request are printed (`OAUTH_CPU_ONLY=introspection`: the
// scenarios whose name holds it). `OAUTH_CPU_PROFILE=1` samples the last
// round with V8's CPU profiler and lists the functions that take most of it (`OAUTH_CPU_TOP`).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "@/db/client";
import { oauthClients, users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/passwords";
import { configureLogging } from "@/lib/observability/logger";
import { createServices } from "@/lib/runtime/services";
import { settleBackground } from "@/lib/server/background";
import { routeByPath } from "@/lib/runtime/next-adapter";
import { Agent } from "@/test/support/agent";
import postgres from "postgres";
import {
  POSTGRES_SERVER,
  scratchDatabase,
} from "@/test/support/scratch-database";
import { profiled } from "./cpu-profile";
// @ts-expect-error: a JavaScript module of the benchmark, without types
import { writeOAuthKeys } from "./server.mjs";

const requests = Number(process.env.OAUTH_CPU_REQUESTS ?? 2000);
const rounds = Number(process.env.OAUTH_CPU_ROUNDS ?? 3);
const PASSWORD = "oauth-cpu-password";
const SECRET = "oauth-cpu-secret-of-forty-characters-long";

type Scenario = { name: string; request: (index: number) => Request };

/** A request from its own address each time, as the benchmark's load sends them. */
const from = (index: number) => `198.18.${(index >> 8) & 255}.${index & 255}`;

function scenarios(
  base: string,
  clientId: string,
  bearer: string,
  jwt: string,
) {
  const basic = `Basic ${Buffer.from(`${clientId}:${SECRET}`).toString("base64")}`;
  const form =
    (pathname: string, body: Record<string, string>) => (index: number) =>
      new Request(new URL(pathname, base), {
        method: "POST",
        headers: {
          accept: "application/json",
          authorization: basic,
          "content-type": "application/x-www-form-urlencoded",
          "x-forwarded-for": from(index),
        },
        body: new URLSearchParams(body),
      });
  return [
    {
      name: "get-auth, bearer token",
      request: (index: number) =>
        new Request(new URL("/auth/get-auth", base), {
          headers: {
            accept: "application/json",
            authorization: `Bearer ${bearer}`,
            "x-forwarded-for": from(index),
          },
        }),
    },
    {
      name: "token endpoint, client credentials",
      request: form("/oauth/token", { grant_type: "client_credentials" }),
    },
    {
      name: "introspection of an access token",
      request: form("/oauth/introspect", { token: jwt }),
    },
  ] satisfies Scenario[];
}

async function answer(
  services: Parameters<typeof routeByPath>[2],
  request: Request,
): Promise<Record<string, unknown>> {
  const response = await routeByPath(
    request,
    new URL(request.url).pathname,
    services,
  );
  const body = await response.text();
  if (response.status !== 200)
    throw new Error(
      `${new URL(request.url).pathname} answered ${response.status}: ${body}`,
    );
  return JSON.parse(body) as Record<string, unknown>;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "oauth-cpu-"));
  writeOAuthKeys(dataDir);
  const scratch = process.env.DATABASE_URL
    ? await scratchDatabase("oauth_cpu")
    : null;
  const database = openDatabase({ url: scratch?.url });
  const observer = scratch ? postgres(POSTGRES_SERVER, { max: 1 }) : null;
  await configureLogging("warn", false);
  try {
    await database.migrate();
    const now = new Date();
    const email = `oauth-cpu-${Date.now()}@example.test`;
    await database.db.insert(users).values({
      name: "OAuth CPU",
      email,
      password: await hashPassword(PASSWORD, 4),
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    // Passport's row for a machine client: its secret hashed by bcrypt, which the first grant
    // verifies and later ones recognise (decision record 099).
    const [client] = await database.db
      .insert(oauthClients)
      .values({
        name: "Billing job",
        secret: await hashPassword(SECRET, 12),
        redirectUris: "[]",
        grantTypes: JSON.stringify(["client_credentials"]),
        revoked: false,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: oauthClients.id });
    const services = createServices(
      {
        NODE_ENV: "production",
        SESSION_SECRET: "oauth-cpu-secret-that-is-at-least-32-characters",
        APP_URL: "http://localhost:3000",
        DATA_DIR: dataDir,
        MAIL_DRIVER: "outbox",
        QUEUE_WORKER: "false",
        TRUST_PROXY: "1",
      },
      { database },
    );
    const guest = new Agent(services);
    await guest.csrf();
    const created = await guest.post("/auth/create-token", {
      email,
      password: PASSWORD,
      name: "oauth-cpu",
    });
    if (created.status !== 200)
      throw new Error(`create-token answered ${created.status}`);
    const base = services.env.APP_URL;
    if (!client) throw new Error("the client was not created");
    const [, grant] = scenarios(base, client.id, "", "");
    const { access_token: jwt } = await answer(
      services,
      (grant as Scenario).request(0),
    );
    const only = process.env.OAUTH_CPU_ONLY;
    const all = scenarios(
      base,
      client.id,
      created.body.token,
      String(jwt),
    ).filter((scenario) => !only || scenario.name.includes(only));
    // Statements per request on PostgreSQL (pg_stat_database, which the server updates within a
    // second of a transaction's end): each run is followed by 1.1 s of quiet before it is read.
    const statements = async () => {
      if (!scratch || !observer) return null;
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const name = new URL(scratch.url).pathname.slice(1);
      const [row] = await observer<
        { count: string }[]
      >`select xact_commit + xact_rollback as count
        from pg_stat_database where datname = ${name}`;
      return Number(row?.count ?? 0);
    };
    const figures = new Map<string, { wall: number; cpu: number }[]>();
    let sent = 1;
    const run = async (scenario: Scenario) => {
      for (let index = 0; index < requests; index++)
        await answer(services, scenario.request(sent++));
      await settleBackground();
    };
    for (let round = 0; round < rounds; round++) {
      for (const scenario of round % 2 ? [...all].reverse() : all) {
        await run(scenario); // warm-up
        const last =
          round === rounds - 1 && process.env.OAUTH_CPU_PROFILE === "1";
        const before = await statements();
        const measured = await profiled(last, async () => {
          const cpu = process.cpuUsage();
          const started = performance.now();
          await run(scenario);
          const used = process.cpuUsage(cpu);
          return {
            wall: (performance.now() - started) / requests,
            cpu: (used.user + used.system) / 1000 / requests,
          };
        });
        const after = await statements();
        if (before !== null && after !== null)
          console.log(
            `${scenario.name}: ${((after - before) / requests).toFixed(2)} statements a request`,
          );
        figures.set(scenario.name, [
          ...(figures.get(scenario.name) ?? []),
          measured.result,
        ]);
        if (measured.top)
          console.log(
            `\n${scenario.name}, where its CPU goes:\n${measured.top}`,
          );
      }
    }
    console.log(
      `\n${database.kind}, ${requests} requests a scenario one at a time, median of ${rounds} rounds`,
    );
    console.log(
      "| scenario | wall ms / request | CPU ms / request |\n| --- | ---: | ---: |",
    );
    for (const [name, runs] of figures) {
      const median = (pick: (run: { wall: number; cpu: number }) => number) =>
        (
          runs.map(pick).sort((a, b) => a - b)[Math.floor(runs.length / 2)] ?? 0
        ).toFixed(3);
      console.log(
        `| ${name} | ${median((run) => run.wall)} | ${median((run) => run.cpu)} |`,
      );
    }
  } finally {
    await database.close();
    await observer?.end();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
