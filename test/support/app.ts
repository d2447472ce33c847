import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { Database } from "@/db/client";
import { type NewUser, type User, users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/passwords";
import { deepMerge } from "@/lib/config/merge";
import { resetHooks } from "@/lib/server/hooks";
import { resetAbilities } from "@/lib/policies/abilities";
import { type AuthEvents, type EventName, listen } from "@/lib/server/events";
import { drainQueue } from "@/lib/mail/worker";
import { forgetTokenUses } from "@/lib/auth/token-usage";
import { settleBackground } from "@/lib/server/background";
import { createServices, workerDeps } from "@/lib/runtime/services";
import type { Services } from "@/lib/server/services";
import { Agent } from "./agent";
import { readOutbox } from "./outbox";
import { openTestDatabase } from "./database";

export const PASSWORD = "plum-orbit-4812";
export const TEST_SECRET = "test-secret-that-is-at-least-32-characters-long";

export type OutboxMessage = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  sentAt: string;
};

export type TestApp = {
  services: Services;
  database: Database;
  /**
   * The text of every statement sent to the database since this test began, when the app was
   * opened with `logStatements` (the hot-paths and token tests count them); otherwise empty.
   */
  statements: string[];
  agent(ip?: string): Agent;
  /** Rebuilds the services with other configuration (same database). */
  configure(options: TestAppOptions): void;
  /** Another application instance over the same database and clock (as a second server would be). */
  instance(): Services;
  /** Records every `name` event fired from now until the end of the test. */
  events<K extends EventName>(name: K): AuthEvents[K][];
  /** Fixes the clock; `advance` moves it. */
  setNow(date: Date): void;
  advance(seconds: number): void;
  createUser(
    overrides?: Partial<NewUser> & { password?: string },
  ): Promise<User>;
  /** Delivers queued mail, then returns every message in the outbox, oldest first. */
  mail(): Promise<OutboxMessage[]>;
  lastMailTo(email: string): Promise<OutboxMessage>;
};

export type TestAppOptions = {
  auth?: Record<string, unknown>;
  env?: Record<string, string>;
  services?: Record<string, unknown>;
};

/** The environment every test application runs with: outbox mail, no worker, bcrypt at cost 4. */
export function testEnv(
  dataDir: string,
  options: TestAppOptions = {},
): Record<string, string> {
  return {
    NODE_ENV: "test",
    SESSION_SECRET: TEST_SECRET,
    APP_URL: "http://localhost:3000",
    DATA_DIR: dataDir,
    MAIL_DRIVER: "outbox",
    QUEUE_WORKER: "false",
    AUTH_CONFIG_JSON: JSON.stringify(
      deepMerge({ hashing: { rounds: 4 } }, options.auth ?? {}),
    ),
    SERVICES_CONFIG_JSON: JSON.stringify(options.services ?? {}),
    ...options.env,
  };
}

/**
 * One application per test file, on its own database, reset before each test. Configuration is
 * the real loader's; bcrypt runs at cost 4 through `hashing.rounds`.
 */
export function useTestApp(
  initial: TestAppOptions = {},
  { logStatements = false }: { logStatements?: boolean } = {},
): TestApp {
  let database: Database & { truncate(): Promise<void> };
  let dataDir: string;
  let options = initial;
  let now: Date | null = null;
  const app = { statements: [] as string[] } as TestApp;
  let unsubscribers: (() => void)[] = [];

  const servicesFor = () => {
    const services = createServices(testEnv(dataDir, options), { database });
    services.now = () => now ?? new Date();
    return services;
  };
  const build = () => {
    app.services = servicesFor();
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "auth-test-"));
    database = await openTestDatabase(
      logStatements
        ? { logQuery: (query) => void app.statements.push(query) }
        : {},
    );
    app.database = database;
    build();
  });
  beforeEach(async () => {
    // A token's use is written after the response: none may land in the next test's tables.
    await settleBackground();
    forgetTokenUses(database.db);
    await database.truncate();
    app.statements.length = 0;
    rmSync(path.join(dataDir, "outbox"), { recursive: true, force: true });
    resetHooks();
    resetAbilities();
    for (const unsubscribe of unsubscribers) unsubscribe();
    unsubscribers = [];
    now = null;
    options = initial;
    build();
  });
  afterAll(async () => {
    await settleBackground();
    // The files after this one share the process (decision record 079): leave no hook or ability behind.
    resetHooks();
    resetAbilities();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  Object.assign(app, {
    agent: (ip?: string) => new Agent(app.services, ip),
    configure(next: TestAppOptions) {
      options = deepMerge(initial, next);
      build();
    },
    instance: () => servicesFor(),
    events<K extends EventName>(name: K) {
      const seen: AuthEvents[K][] = [];
      unsubscribers.push(listen(name, (payload) => void seen.push(payload)));
      return seen;
    },
    setNow(date: Date) {
      now = date;
    },
    advance(seconds: number) {
      now = new Date((now ?? new Date()).getTime() + seconds * 1000);
    },
    async createUser(overrides: Partial<NewUser> & { password?: string } = {}) {
      const unique = Math.random().toString(36).slice(2, 10);
      const [user] = await database.db
        .insert(users)
        .values({
          name: "Test User",
          email: `user-${unique}@example.com`,
          emailVerifiedAt: new Date(),
          createdAt: new Date(),
          updatedAt: new Date(),
          ...overrides,
          password: await hashPassword(overrides.password ?? PASSWORD, 4),
        })
        .returning();
      if (!user) throw new Error("no user");
      return user;
    },
    async mail() {
      // Until nothing is due: a deferred message queues its mail as it runs.
      while ((await drainQueue(workerDeps(app.services))) > 0);
      return readOutbox<OutboxMessage>(app.services.env.MAIL_OUTBOX_DIR);
    },
    async lastMailTo(email: string) {
      const messages = (await app.mail()).filter((m) => m.to.includes(email));
      const last = messages.at(-1);
      if (!last) throw new Error(`no mail to ${email}`);
      return last;
    },
  });
  return app;
}

/** Signs a user in through the real endpoints; returns the agent holding the session. */
export async function signIn(
  app: TestApp,
  user: User,
  password = PASSWORD,
): Promise<Agent> {
  const agent = app.agent();
  await agent.csrf();
  const response = await agent.post("/auth/login", {
    email: user.email,
    password,
  });
  if (response.status !== 200)
    throw new Error(`login failed: ${response.status} ${response.text}`);
  return agent;
}
