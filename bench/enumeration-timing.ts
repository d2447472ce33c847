// npm run bench:enumeration-timing — do the two answers that must not tell whether an account
// exists also take the same time? Interleaved pairs through the real pipeline on the embedded
// database, bcrypt at the production cost:
// - login: an account whose stored hash bcrypt cannot read (an imported argon row) against an
//   unknown address (decision record 028);
// - forgot-password: an account's address against an unknown one (decision record 004,
//   "deferred messages"; test/http/forgot-password-enumeration.test.ts shows they send the same
//   statements);
// - the passwordless request: an account's address against an unknown one (decision record 088;
//   test/passwordless/sign-in-link.test.ts shows they send the same statements).
// Prints each case's medians and their ratio, and exits 1 when one is more than 20 % apart.
//
// Knobs (environment): TIMING_PAIRS (200), TIMING_COST (bcrypt cost, 12).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "@/db/client";
import { users } from "@/db/schema";
import { configureLogging } from "@/lib/observability/logger";
import { createServices } from "@/lib/runtime/services";
import type { Services } from "@/lib/server/services";
import { Agent } from "@/test/support/agent";

const pairs = Math.min(Number(process.env.TIMING_PAIRS ?? 200), 900);
const cost = Number(process.env.TIMING_COST ?? 12);
// An argon2id hash as Laravel's argon driver writes it.
const ARGON =
  "$argon2id$v=19$m=65536,t=4,p=1$c29tZXNhbHRzb21lc2FsdA$ZyGzRV9hZ7vJ9cKqKq2rQH5m3bW0yQ2j8qk8V3s1L0k";
const KNOWN = "known@example.com";

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** One request of a case: its path, body and expected status, from its own address. */
type Case = {
  name: string;
  account: string;
  request(email: string): { path: string; body: object };
  status: number;
};

const CASES: Case[] = [
  {
    name: "login, non-bcrypt row",
    account: "argon@example.com",
    request: (email) => ({
      path: "/auth/login",
      body: { email, password: "not-the-password" },
    }),
    status: 422,
  },
  {
    name: "forgot-password, existing account",
    account: KNOWN,
    request: (email) => ({ path: "/auth/forgot-password", body: { email } }),
    status: 200,
  },
  {
    name: "passwordless request, existing account",
    account: KNOWN,
    request: (email) => ({ path: "/auth/passwordless", body: { email } }),
    status: 200,
  },
];

/** Milliseconds of `pairs` interleaved requests each way; which goes first alternates. */
async function measure(services: Services, timing: Case) {
  const attempt = async (email: string, index: number) => {
    const agent = new Agent(services, `10.1.${index >> 8}.${index & 255}`);
    await agent.csrf();
    const { path, body } = timing.request(email);
    const started = process.hrtime.bigint();
    const response = await agent.post(path, body);
    const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
    if (response.status !== timing.status)
      throw new Error(`${path} answered ${response.status}: ${response.text}`);
    return elapsed;
  };
  const unknown: number[] = [];
  const known: number[] = [];
  for (let index = 0; index < pairs; index++) {
    const nobody = `nobody-${index}@example.com`;
    const order =
      index % 2 === 0 ? [nobody, timing.account] : [timing.account, nobody];
    for (const email of order) {
      const elapsed = await attempt(email, index);
      (email === timing.account ? known : unknown).push(elapsed);
    }
  }
  return { unknown: median(unknown), known: median(known) };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "enumeration-timing-"));
  const database = openDatabase({});
  // Only warnings: a line per request would be most of the time measured.
  await configureLogging("warn", false);
  try {
    await database.migrate();
    const now = new Date();
    await database.db.insert(users).values(
      [
        { email: "argon@example.com", password: ARGON },
        { email: KNOWN, password: ARGON },
      ].map((account) => ({
        ...account,
        name: "Timed",
        emailVerifiedAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    );
    // Limits out of the way: only the cost of the work is measured.
    const services = createServices(
      {
        NODE_ENV: "production",
        SESSION_SECRET: "enumeration-timing-secret-at-least-32-characters",
        APP_URL: "http://localhost:3000",
        DATA_DIR: dataDir,
        MAIL_DRIVER: "outbox",
        QUEUE_WORKER: "false",
        TRUST_PROXY: "true",
        AUTH_CONFIG_JSON: JSON.stringify({
          hashing: { rounds: cost },
          // Each pair comes from its own address; the imported account fails at most 1000 times.
          limits: { "account-failures-before-delay": 1000 },
          features: { passwordless: true },
          // One account asks for its link every pair; per address only, as login's limiter is.
          limiters: {
            "forgot-password": [{ by: "ip", max: 1000, minutes: 1 }],
            passwordless: [{ by: "ip", max: 1000, minutes: 1 }],
          },
        }),
      },
      { database },
    );
    for (const timing of CASES) {
      const { unknown, known } = await measure(services, timing);
      const ratio = known / unknown;
      console.log(
        `${timing.name} over ${pairs} interleaved pairs, bcrypt cost ${cost}: unknown address ${unknown.toFixed(2)} ms, ${timing.account} ${known.toFixed(2)} ms (median); ratio ${ratio.toFixed(3)}`,
      );
      if (Math.abs(ratio - 1) > 0.2) {
        console.log(`${timing.name}: more than 20 % apart`);
        process.exitCode = 1;
      }
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
