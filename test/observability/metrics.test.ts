import { describe, expect, it } from "vitest";
import { failedJobs } from "@/db/schema";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import { linkIn } from "../support/session";
import { sample, scrape } from "../support/metrics-text";

const ADMIN = "admin-metrics@example.com";
const app = useTestApp({
  auth: { admins: [ADMIN], limits: { "login-attempts": 2 } },
});

async function metricsText(): Promise<string> {
  const response = await scrape(app.services);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain");
  return response.text();
}

async function guest(ip?: string) {
  const agent = app.agent(ip);
  await agent.csrf();
  return agent;
}

describe("GET /metrics", () => {
  it("is open to loopback only, or to METRICS_TOKEN as a bearer", async () => {
    expect((await scrape(app.services, { ip: "127.0.0.1" })).status).toBe(200);
    expect((await scrape(app.services, { ip: "::1" })).status).toBe(200);
    expect((await scrape(app.services, { ip: "203.0.113.9" })).status).toBe(
      403,
    );
    const token = "a-metrics-token-of-some-length";
    app.configure({ env: { METRICS_TOKEN: token } });
    const refused = await scrape(app.services, { ip: "203.0.113.9" });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toBe(
      'Bearer realm="metrics"',
    );
    expect(
      (
        await scrape(app.services, {
          ip: "203.0.113.9",
          bearer: "not-the-token-at-all",
        })
      ).status,
    ).toBe(401);
    expect(
      (await scrape(app.services, { ip: "203.0.113.9", bearer: token })).status,
    ).toBe(200);
  });

  it("counts requests by route, method and status with their latency, and each sign-in outcome, registration, reset, token and impersonation", async () => {
    const before = await metricsText();
    const delta = async (name: string, labels: Record<string, string> = {}) =>
      sample(await metricsText(), name, labels) - sample(before, name, labels);

    const email = "metrics-new@example.com";
    const registered = await (
      await guest()
    ).post("/auth/register", {
      name: "M",
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(registered.status).toBe(200);
    const user = await app.createUser();
    const stranger = await guest("10.9.9.9");
    for (let i = 0; i < 2; i++)
      expect(
        (
          await stranger.post("/auth/login", {
            email: user.email,
            password: "wrong",
          })
        ).status,
      ).toBe(422);
    expect(
      (
        await stranger.post("/auth/login", {
          email: user.email,
          password: "wrong",
        })
      ).body.errors.email[0],
    ).toContain("Too many login attempts");
    await signIn(app, user);

    const token = (
      await (
        await guest()
      ).post("/auth/create-token", {
        email: user.email,
        password: PASSWORD,
        name: "ci",
      })
    ).body.token as string;
    expect(
      (await app.agent().get("/auth/get-auth", { bearer: token })).body
        .authenticated,
    ).toBe(true);
    expect(
      (await app.agent().post("/auth/tokens", {}, { bearer: token })).status,
    ).toBe(200);

    await (await guest()).post("/auth/forgot-password", { email: user.email });
    const [resetToken = "", resetEmail = ""] = linkIn(
      (await app.lastMailTo(user.email)).text,
    )
      .pathname.split("/")
      .slice(-2);
    const reset = await (
      await guest()
    ).post("/auth/reset-password", {
      token: decodeURIComponent(resetToken),
      email: decodeURIComponent(resetEmail),
      password: "another-password",
      password_confirmation: "another-password",
    });
    expect(reset.status).toBe(200);

    const admin = await signIn(app, await app.createUser({ email: ADMIN }));
    const target = await app.createUser();
    const issued = await admin.post("/auth/impersonate", {
      target_user_id: target.id,
    });
    expect(
      (await admin.get(new URL(issued.body.url as string).pathname)).status,
    ).toBe(200);

    expect(await delta("auth_registrations_total")).toBe(1);
    expect(
      await delta("auth_sign_ins_total", { outcome: "bad_credentials" }),
    ).toBe(2);
    expect(await delta("auth_sign_ins_total", { outcome: "lockout" })).toBe(1);
    expect(await delta("auth_sign_ins_total", { outcome: "success" })).toBe(2);
    expect(await delta("auth_tokens_created_total")).toBe(1);
    expect(await delta("auth_tokens_used_total")).toBe(2);
    expect(await delta("auth_password_resets_total")).toBe(1);
    expect(await delta("auth_impersonations_total")).toBe(1);
    expect(
      await delta("auth_http_requests_total", {
        route: "auth.login",
        method: "POST",
        status: "422",
      }),
    ).toBe(3);
    expect(
      await delta("auth_http_requests_total", {
        route: "auth.login",
        method: "POST",
        status: "200",
      }),
    ).toBe(2);
    expect(
      await delta("auth_http_request_duration_seconds_count", {
        route: "auth.register",
        method: "POST",
        status: "200",
      }),
    ).toBe(1);
    expect(
      await delta("auth_http_request_duration_seconds_bucket", {
        route: "auth.register",
        method: "POST",
        status: "200",
        le: "+Inf",
      }),
    ).toBe(1);

    const text = await metricsText();
    // No address, token or password in any label or value.
    for (const secret of [
      email,
      user.email,
      ADMIN,
      "example.com",
      token,
      PASSWORD,
      "10.9.9.9",
    ])
      expect(text).not.toContain(secret);
  });

  it("reads the mail queue and the pool from the database when scraped", async () => {
    app.setNow(new Date("2026-11-25T10:00:00Z"));
    const user = await app.createUser();
    await (await guest()).post("/auth/forgot-password", { email: user.email });
    await app.database.db.insert(failedJobs).values({
      uuid: "f-1",
      connection: "database",
      queue: "mail",
      payload: "{}",
      exception: "x",
    });
    app.advance(90);
    let text = await metricsText();
    expect(sample(text, "auth_mail_queue_depth")).toBe(1);
    expect(
      sample(text, "auth_mail_queue_oldest_seconds"),
    ).toBeGreaterThanOrEqual(90);
    expect(sample(text, "auth_mail_failed")).toBe(1);
    expect(sample(text, "auth_database_pool_max")).toBe(
      app.database.kind === "postgres" ? 5 : 1,
    );
    expect(sample(text, "auth_database_pool_open")).toBeGreaterThanOrEqual(1);
    expect(sample(text, "auth_database_pool_in_use")).toBeGreaterThanOrEqual(0);
    await app.mail();
    text = await metricsText();
    expect(sample(text, "auth_mail_queue_depth")).toBe(0);
    expect(sample(text, "auth_mail_queue_oldest_seconds")).toBe(0);
  });

  it("counts a request that matched no route under one label, and gives every answer an X-Request-Id", async () => {
    const before = sample(await metricsText(), "auth_http_requests_total", {
      route: "unmatched",
      method: "GET",
      status: "404",
    });
    const response = await app.agent().get("/auth/no-such-action");
    expect(response.status).toBe(404);
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      sample(await metricsText(), "auth_http_requests_total", {
        route: "unmatched",
        method: "GET",
        status: "404",
      }),
    ).toBe(before + 1);
  });
});
