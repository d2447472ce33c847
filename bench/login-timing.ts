// npm run bench:login-timing — does a login to an account whose stored hash bcrypt cannot read (an
// imported argon row) take as long as one to an unknown address (decision record 028)? Interleaved
// pairs through the real pipeline on the embedded database, bcrypt at the production cost; prints
// the medians and their ratio, and exits 1 when they are more than 20 % apart.
//
// Knobs (environment): TIMING_PAIRS (200), TIMING_COST (bcrypt cost, 12).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "@/db/client";
import { users } from "@/db/schema";
import { createServices } from "@/lib/runtime/services";
import { Agent } from "@/test/support/agent";

const pairs = Math.min(Number(process.env.TIMING_PAIRS ?? 200), 900);
const cost = Number(process.env.TIMING_COST ?? 12);
// An argon2id hash as Laravel's argon driver writes it.
const ARGON =
  "$argon2id$v=19$m=65536,t=4,p=1$c29tZXNhbHRzb21lc2FsdA$ZyGzRV9hZ7vJ9cKqKq2rQH5m3bW0yQ2j8qk8V3s1L0k";

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "login-timing-"));
  const database = openDatabase({});
  try {
    await database.migrate();
    const now = new Date();
    await database.db.insert(users).values({
      name: "Imported",
      email: "argon@example.com",
      password: ARGON,
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    // Limits out of the way: only the cost of the check is measured.
    const services = createServices(
      {
        NODE_ENV: "production",
        SESSION_SECRET: "login-timing-secret-at-least-32-characters",
        APP_URL: "http://localhost:3000",
        DATA_DIR: dataDir,
        MAIL_DRIVER: "outbox",
        QUEUE_WORKER: "false",
        TRUST_PROXY: "true",
        LOG_LEVEL: "warn",
        AUTH_CONFIG_JSON: JSON.stringify({
          hashing: { rounds: cost },
          // Each pair comes from its own address; the imported account fails at most 1000 times.
          limits: { "account-failures-before-delay": 1000 },
        }),
      },
      { database },
    );
    const attempt = async (email: string, index: number) => {
      const agent = new Agent(services, `10.1.${index >> 8}.${index & 255}`);
      await agent.csrf();
      const started = process.hrtime.bigint();
      const response = await agent.post("/auth/login", {
        email,
        password: "not-the-password",
      });
      const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
      if (response.status !== 422)
        throw new Error(`login answered ${response.status}: ${response.text}`);
      return elapsed;
    };
    const unknown: number[] = [];
    const imported: number[] = [];
    for (let index = 0; index < pairs; index++) {
      // Alternate which goes first, so neither always meets a warmer process.
      const order =
        index % 2 === 0
          ? (["nobody@example.com", "argon@example.com"] as const)
          : (["argon@example.com", "nobody@example.com"] as const);
      for (const email of order) {
        const elapsed = await attempt(email, index);
        (email === "argon@example.com" ? imported : unknown).push(elapsed);
      }
    }
    const ratio = median(imported) / median(unknown);
    console.log(
      `login timing over ${pairs} interleaved pairs, bcrypt cost ${cost}: unknown address ${median(unknown).toFixed(1)} ms, non-bcrypt row ${median(imported).toFixed(1)} ms (median); ratio ${ratio.toFixed(3)}`,
    );
    if (Math.abs(ratio - 1) > 0.2) {
      console.log("more than 20 % apart");
      process.exitCode = 1;
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
