import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog } from "@/db/schema";
import { Agent } from "../support/agent";
import { useTestApp } from "../support/app";
import { createToken } from "../support/tokens";

// Decision record 045: a token's requests per minute, its quota, its address list.
const app = useTestApp();

const call = (token: string, ip = "127.0.0.1") =>
  app.agent(ip).post("/auth/tokens", {}, { bearer: token });

describe("rate_limit (requests per minute, per token, in the database)", () => {
  it("answers 429 with Retry-After and the RateLimit headers past the limit, and lets through in the next minute", async () => {
    app.setNow(new Date("2026-11-22T10:00:00Z"));
    const user = await app.createUser();
    const token = await createToken(app, user.email, { rate_limit: 3 });
    for (let i = 0; i < 3; i++) expect((await call(token)).status).toBe(200);
    app.advance(20);
    const refused = await call(token);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("40");
    expect(refused.headers.get("ratelimit-limit")).toBe("3");
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    expect(refused.headers.get("ratelimit-reset")).toBe("40");
    expect(refused.headers.get("ratelimit-policy")).toBe("3;w=60");
    expect(refused.body.message).toBe("Too Many Attempts.");
    app.advance(40);
    expect((await call(token)).status).toBe(200);
  });

  it("counts across two instances of the application", async () => {
    app.setNow(new Date("2026-11-22T10:00:00Z"));
    const user = await app.createUser();
    const token = await createToken(app, user.email, { rate_limit: 2 });
    const other = app.instance();
    expect((await call(token)).status).toBe(200);
    expect(
      (await new Agent(other).post("/auth/tokens", {}, { bearer: token }))
        .status,
    ).toBe(200);
    expect((await call(token)).status).toBe(429);
  });

  it("lets concurrent requests through up to the limit, whatever arrives at once", async () => {
    // Counted in batches of a twentieth (25 here): requests arriving together share one
    // reservation instead of each reserving a batch of its own and exhausting the limit.
    app.setNow(new Date("2026-11-22T10:00:00Z"));
    const user = await app.createUser();
    const token = await createToken(app, user.email, { rate_limit: 500 });
    const burst = (requests: number) =>
      Promise.all(
        Array.from({ length: requests }, () =>
          app
            .agent()
            .get("/auth/get-auth", { bearer: token })
            .then((response) => response.status),
        ),
      );
    expect((await burst(100)).filter((status) => status !== 200)).toEqual([]);
    expect((await burst(400)).filter((status) => status !== 200)).toEqual([]);
    expect((await call(token)).status).toBe(429);
  });

  it("a token without a limit is never counted", async () => {
    const user = await app.createUser();
    const token = await createToken(app, user.email);
    for (let i = 0; i < 5; i++) expect((await call(token)).status).toBe(200);
  });
});

describe("quota, quota_refill, quota_interval", () => {
  it("runs out (429) and refills quota_refill per quota_interval, never above quota", async () => {
    app.setNow(new Date("2026-11-22T10:00:00Z"));
    const user = await app.createUser();
    const token = await createToken(app, user.email, {
      quota: 2,
      quota_refill: 1,
      quota_interval: 3600,
    });
    expect((await call(token)).status).toBe(200);
    expect((await call(token)).status).toBe(200);
    app.advance(600);
    const refused = await call(token);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("3000");
    expect(refused.body.message).toBe("This token has used up its quota.");
    app.advance(3000);
    expect((await call(token)).status).toBe(200);
    expect((await call(token)).status).toBe(429);
    app.advance(10 * 3600);
    expect((await call(token)).status).toBe(200);
    expect((await call(token)).status).toBe(200);
    expect((await call(token)).status).toBe(429);
  });

  it("without a refill, stops for good", async () => {
    const user = await app.createUser();
    const token = await createToken(app, user.email, { quota: 1 });
    expect((await call(token)).status).toBe(200);
    const refused = await call(token);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeNull();
  });

  it("refuses a refill without its interval, and a refill without a quota (422)", async () => {
    const user = await app.createUser();
    const agent = app.agent();
    await agent.csrf();
    const base = { email: user.email, password: "plum-orbit-4812", name: "x" };
    const a = await agent.post("/auth/create-token", {
      ...base,
      quota: 5,
      quota_refill: 1,
    });
    expect(a.status).toBe(422);
    expect(Object.keys(a.body.errors)).toEqual(["quota_interval"]);
    const b = await agent.post("/auth/create-token", {
      ...base,
      quota_refill: 1,
      quota_interval: 60,
    });
    expect(b.status).toBe(422);
    expect(Object.keys(b.body.errors)).toEqual(["quota"]);
  });
});

describe("allowed_ips (CIDR list; the address as TRUST_PROXY defines it)", () => {
  it("lets a listed address through and refuses another with 401, audited", async () => {
    const user = await app.createUser();
    const token = await createToken(app, user.email, {
      allowed_ips: ["10.1.0.0/16", "2001:db8::/32", "192.0.2.7"],
    });
    expect((await call(token, "10.1.200.3")).status).toBe(200);
    expect((await call(token, "2001:db8::1")).status).toBe(200);
    expect((await call(token, "192.0.2.7")).status).toBe(200);
    const refused = await call(token, "10.2.0.1");
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe("Unauthenticated.");
    const entries = await app.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, "token-refused"));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.properties).toMatchObject({
      ip: "10.2.0.1",
      reason: "address",
    });
  });

  it("answers 422 for something that is not an address or range", async () => {
    const user = await app.createUser();
    const agent = app.agent();
    await agent.csrf();
    const response = await agent.post("/auth/create-token", {
      email: user.email,
      password: "plum-orbit-4812",
      name: "x",
      allowed_ips: ["10.0.0.0/33"],
    });
    expect(response.status).toBe(422);
    expect(response.body.errors["allowed_ips.0"]?.[0]).toMatch(
      /must be an IP address or CIDR range/,
    );
  });
});
