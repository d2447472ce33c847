import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { personalAccessTokens } from "@/db/schema";
import { flushTokenUses, forgetTokenUses } from "@/lib/auth/token-usage";
import { settleBackground } from "@/lib/server/background";
import { Agent } from "../support/agent";
import { PASSWORD, useTestApp } from "../support/app";
import { insertUser } from "../support/services";

// Decision record 045: a token's use is written after the response, at most once per interval
// per token (Sanctum's per-request last_used_at deadlocks under load), and still shown.
const app = useTestApp({}, { logStatements: true });
beforeEach(() => app.setNow(new Date("2026-11-22T12:00:00Z")));

const isTokenUseWrite = (query: string) =>
  /update "personal_access_tokens" set last_used_at/i.test(query);
const isWrite = (query: string) =>
  /^\s*(insert|update|delete)\b/i.test(query) || isTokenUseWrite(query);

async function issue(email: string): Promise<string> {
  await insertUser(app.database, email);
  const agent = app.agent();
  await agent.csrf();
  const response = await agent.post("/auth/create-token", {
    email,
    password: PASSWORD,
    name: "ci",
  });
  expect(response.status).toBe(200);
  return response.body.token as string;
}

async function tokenRow(plain: string) {
  const [row] = await app.database.db
    .select()
    .from(personalAccessTokens)
    .where(eq(personalAccessTokens.id, Number(plain.split("|")[0])));
  return row;
}

describe("a token's last use (decision record 045)", () => {
  it("1,000 concurrent bearer requests with one token: every one answered, a handful of writes, none inside a request", async () => {
    const token = await issue("concurrent@example.test");
    await settleBackground();
    app.statements.length = 0;
    const responses = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        app
          .agent(`10.0.${Math.floor(i / 250)}.${i % 250}`)
          .get("/auth/get-auth", {
            bearer: token,
            headers: { "user-agent": "load/1" },
          }),
      ),
    );
    const duringRequests = app.statements.filter(isWrite).length;
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(responses.every((r) => r.body.authenticated === true)).toBe(true);
    await settleBackground();
    await flushTokenUses(app.database.db);
    const writes = app.statements.filter(isWrite);
    expect(writes.length).toBeGreaterThanOrEqual(1);
    expect(writes.length).toBeLessThanOrEqual(3);
    expect(writes.every(isTokenUseWrite)).toBe(true);
    // Not one write was awaited by a request (they ran after the responses).
    expect(duringRequests).toBeLessThanOrEqual(1);
    expect((await tokenRow(token))?.lastUsedAt?.toISOString()).toBe(
      "2026-11-22T12:00:00.000Z",
    );
    const list = await app.agent().post("/auth/tokens", {}, { bearer: token });
    expect(list.body.tokens[0]).toMatchObject({
      last_used_at: "2026-11-22T12:00:00.000Z",
      last_used_ip: expect.stringMatching(/^10\.0\.[0-3]\.\d+$/),
      last_used_user_agent: "load/1",
      requests_24h: 1000,
      requests_30d: 1000,
    });
  });

  it("is written again only once the interval is over, and never backwards", async () => {
    const token = await issue("interval@example.test");
    await app.agent().get("/auth/get-auth", { bearer: token });
    await settleBackground();
    expect((await tokenRow(token))?.lastUsedAt?.toISOString()).toBe(
      "2026-11-22T12:00:00.000Z",
    );
    app.setNow(new Date("2026-11-22T12:00:59Z"));
    app.statements.length = 0;
    await app.agent().get("/auth/get-auth", { bearer: token });
    await settleBackground();
    expect(app.statements.filter(isWrite)).toEqual([]);
    app.setNow(new Date("2026-11-22T12:01:00Z"));
    await app.agent().get("/auth/get-auth", { bearer: token });
    await settleBackground();
    expect((await tokenRow(token))?.lastUsedAt?.toISOString()).toBe(
      "2026-11-22T12:01:00.000Z",
    );
  });

  it("another instance writes last_used_at only when the database's value is older than the interval", async () => {
    const token = await issue("instances@example.test");
    await app.agent().get("/auth/get-auth", { bearer: token });
    await settleBackground();
    // A second process knows nothing of the first one's writes: only the SQL condition holds.
    forgetTokenUses(app.database.db);
    const other = app.instance();
    other.now = () => new Date("2026-11-22T12:00:30Z");
    await new Agent(other).get("/auth/get-auth", { bearer: token });
    await settleBackground();
    expect((await tokenRow(token))?.lastUsedAt?.toISOString()).toBe(
      "2026-11-22T12:00:00.000Z",
    );
  });
});

describe("a token's rate limit, counted in batches (decision record 045)", () => {
  it("reserves a twentieth of the limit per write: 100 a minute, 25 requests, 5 writes; past the limit 429", async () => {
    await insertUser(app.database, "batched@example.test");
    const agent = app.agent();
    await agent.csrf();
    const created = await agent.post("/auth/create-token", {
      email: "batched@example.test",
      password: PASSWORD,
      name: "batched",
      rate_limit: 100,
    });
    const token = created.body.token as string;
    await settleBackground();
    app.statements.length = 0;
    for (let i = 0; i < 25; i++)
      expect(
        (await app.agent().get("/auth/get-auth", { bearer: token })).status,
      ).toBe(200);
    await settleBackground();
    const limiterWrites = app.statements.filter((query) =>
      /insert into "rate_limits"/i.test(query),
    );
    expect(limiterWrites).toHaveLength(5);
    for (let i = 25; i < 100; i++)
      expect(
        (await app.agent().get("/auth/get-auth", { bearer: token })).status,
      ).toBe(200);
    const refused = await app.agent().get("/auth/get-auth", {
      bearer: token,
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("ratelimit-limit")).toBe("100");
  });
});
