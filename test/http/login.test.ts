import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/passwords";
import { Agent } from "../support/agent";
import { PASSWORD, useTestApp } from "../support/app";
import { captureLogs } from "../support/logs";
import { sample, scrape } from "../support/metrics-text";

const app = useTestApp();
const BAD = "These credentials do not match our records.";

async function guest(ip?: string) {
  const agent = app.agent(ip);
  await agent.csrf();
  return agent;
}

let refusedLogins = 0;

/**
 * The bcrypt checks at cost 10 one refused login makes (each from its own address, below the
 * lockout), read from /metrics around it: work, not milliseconds, which a loaded machine moves
 * (decision records 005 and 028; `npm run bench:enumeration-timing` times an unreadable hash
 * against an unknown email).
 */
async function refusedLoginChecks(
  email: string,
  password: string,
): Promise<number> {
  const checks = async () =>
    sample(
      await (await scrape(app.services)).text(),
      "auth_password_checks_total",
      { cost: "10" },
    );
  const before = await checks();
  const response = await (
    await guest(`10.0.9.${++refusedLogins}`)
  ).post("/auth/login", { email, password });
  expect(response.status).toBe(422);
  expect(response.body).toEqual({ message: BAD, errors: { email: [BAD] } });
  return (await checks()) - before;
}

function sessionCookie(agent: Agent) {
  return agent.cookies.get(app.services.env.SESSION_COOKIE);
}

describe("POST /auth/login (contract §4)", () => {
  it("signs in with valid credentials: {success, user}, session and XSRF token regenerated (contract §3 Session)", async () => {
    const user = await app.createUser();
    const agent = await guest();
    const before = {
      session: sessionCookie(agent),
      xsrf: agent.cookies.get("XSRF-TOKEN"),
    };
    const response = await agent.post("/auth/login", {
      email: user.email,
      password: PASSWORD,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      user: expect.objectContaining({
        id: user.id,
        name: user.name,
        email: user.email,
      }),
    });
    expect(response.body.user).not.toHaveProperty("password");
    expect(response.body.user).not.toHaveProperty("remember_token");
    expect(sessionCookie(agent)).not.toBe(before.session);
    expect(agent.cookies.get("XSRF-TOKEN")).not.toBe(before.xsrf);
    expect((await agent.get("/auth/get-auth")).body).toMatchObject({
      authenticated: true,
      user: { id: user.id },
      impersonating: false,
    });
  });

  it("matches the email case-insensitively", async () => {
    const user = await app.createUser({ email: "Mixed.Case@example.com" });
    const response = await (
      await guest()
    ).post("/auth/login", {
      email: "mixed.case@EXAMPLE.com",
      password: PASSWORD,
    });
    expect(response.body).toMatchObject({
      success: true,
      user: { id: user.id },
    });
  });

  it("answers 422 on email for a wrong password", async () => {
    const user = await app.createUser();
    const response = await (
      await guest()
    ).post("/auth/login", { email: user.email, password: "wrong-password" });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message: BAD, errors: { email: [BAD] } });
  });

  it("answers the same 422 for an unknown email", async () => {
    const response = await (
      await guest()
    ).post("/auth/login", { email: "nobody@example.com", password: PASSWORD });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message: BAD, errors: { email: [BAD] } });
  });

  it("spends the same bcrypt work on an unknown email as on a wrong password", async () => {
    app.configure({ auth: { hashing: { rounds: 10 } } });
    const user = await app.createUser();
    await app.database.db
      .update(users)
      .set({ password: await hashPassword(PASSWORD, 10) })
      .where(eq(users.id, user.id));
    expect(await refusedLoginChecks(user.email, "wrong-password")).toBe(1);
    expect(await refusedLoginChecks("nobody@example.com", PASSWORD)).toBe(1);
  });

  it("refuses a stored hash bcrypt cannot read after the same bcrypt work, and logs it once per account (decision record 028)", async () => {
    app.configure({ auth: { hashing: { rounds: 10 } } });
    const imported = await app.createUser();
    await app.database.db
      .update(users)
      .set({
        password:
          "$argon2id$v=19$m=65536,t=4,p=1$c29tZXNhbHRzb21lc2FsdA$ZyGzRV9hZ7vJ9cKqKq2rQH5m3bW0yQ2j8qk8V3s1L0k",
      })
      .where(eq(users.id, imported.id));
    const logs = captureLogs("warn");
    try {
      expect(await refusedLoginChecks(imported.email, PASSWORD)).toBe(1);
      expect(await refusedLoginChecks(imported.email, PASSWORD)).toBe(1);
      expect(await refusedLoginChecks("nobody@example.com", PASSWORD)).toBe(1);
      const reported = logs
        .lines()
        .filter((line) =>
          line.msg.startsWith("stored password hash is not bcrypt"),
        );
      expect(reported).toHaveLength(1);
      expect(reported[0]).toMatchObject({ user_id: imported.id });
    } finally {
      logs.restore();
    }
  });

  it("locks out after 5 failures per email and IP for limits.login-decay-seconds, and fires Lockout (contract §5 rule 4)", async () => {
    app.configure({ auth: { limits: { "login-decay-seconds": 120 } } });
    app.setNow(new Date("2026-11-22T10:00:00Z"));
    const lockouts = app.events("Lockout");
    const user = await app.createUser();
    const agent = await guest("10.1.1.1");
    for (let i = 0; i < 5; i++)
      expect(
        (
          await agent.post("/auth/login", {
            email: user.email,
            password: "wrong",
          })
        ).body.errors.email,
      ).toEqual([BAD]);
    expect(lockouts).toEqual([]);
    const locked = await agent.post("/auth/login", {
      email: user.email,
      password: PASSWORD,
    });
    expect(locked.status).toBe(422);
    expect(locked.body.errors).toEqual({
      email: ["Too many login attempts. Please try again in 120 seconds."],
    });
    expect(lockouts).toEqual([{ email: user.email, ip: "10.1.1.1" }]);

    app.advance(119);
    expect(
      (
        await agent.post("/auth/login", {
          email: user.email,
          password: PASSWORD,
        })
      ).body.errors.email,
    ).toEqual(["Too many login attempts. Please try again in 1 seconds."]);
    app.advance(1);
    expect(
      (
        await agent.post("/auth/login", {
          email: user.email,
          password: PASSWORD,
        })
      ).status,
    ).toBe(200);
  });

  it("counts the lockout per email and IP: another address or another email is not locked", async () => {
    const user = await app.createUser();
    const other = await app.createUser();
    const agent = await guest("10.2.2.2");
    for (let i = 0; i < 5; i++)
      await agent.post("/auth/login", {
        email: user.email.toUpperCase(),
        password: "wrong",
      });
    expect(
      (
        await agent.post("/auth/login", {
          email: user.email,
          password: PASSWORD,
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await (
          await guest("10.2.2.3")
        ).post("/auth/login", { email: user.email, password: PASSWORD })
      ).status,
    ).toBe(200);
    expect(
      (
        await (
          await guest("10.2.2.2")
        ).post("/auth/login", { email: other.email, password: PASSWORD })
      ).status,
    ).toBe(200);
  });

  it("counts the lockout across two application instances sharing one database", async () => {
    const user = await app.createUser();
    const first = await guest("10.3.3.3");
    const second = new Agent(app.instance(), "10.3.3.3");
    await second.csrf();
    for (let i = 0; i < 3; i++)
      await first.post("/auth/login", { email: user.email, password: "wrong" });
    for (let i = 0; i < 2; i++)
      await second.post("/auth/login", {
        email: user.email,
        password: "wrong",
      });
    const locked = await first.post("/auth/login", {
      email: user.email,
      password: PASSWORD,
    });
    expect(locked.body.errors.email[0]).toMatch(/^Too many login attempts/);
    expect(
      (
        await second.post("/auth/login", {
          email: user.email,
          password: PASSWORD,
        })
      ).body.errors.email[0],
    ).toMatch(/^Too many login attempts/);
  });

  it("allows no more than 5 guesses to a burst of concurrent attempts (contract §5 rule 4)", async () => {
    const user = await app.createUser();
    const agent = await guest("10.4.4.4");
    const responses = await Promise.all(
      Array.from({ length: 12 }, () =>
        agent.post("/auth/login", { email: user.email, password: "wrong" }),
      ),
    );
    const guesses = responses.filter((r) => r.body.errors?.email?.[0] === BAD);
    expect(responses.every((r) => r.status === 422)).toBe(true);
    expect(guesses.length).toBeLessThanOrEqual(5);
  });

  it("clears the failure count after a successful sign-in", async () => {
    const user = await app.createUser();
    const agent = await guest();
    for (let i = 0; i < 4; i++)
      await agent.post("/auth/login", { email: user.email, password: "wrong" });
    expect(
      (
        await agent.post("/auth/login", {
          email: user.email,
          password: PASSWORD,
        })
      ).status,
    ).toBe(200);
    const again = await guest();
    for (let i = 0; i < 4; i++)
      await again.post("/auth/login", { email: user.email, password: "wrong" });
    expect(
      (
        await again.post("/auth/login", {
          email: user.email,
          password: PASSWORD,
        })
      ).status,
    ).toBe(200);
  });

  it("refuses a soft-deleted user", async () => {
    const user = await app.createUser({ deletedAt: new Date() });
    const response = await (
      await guest()
    ).post("/auth/login", { email: user.email, password: PASSWORD });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ email: [BAD] });
  });

  it("extends the cookie and the session lifetime with remember", async () => {
    app.setNow(new Date("2026-11-22T10:00:00Z"));
    const user = await app.createUser();
    const short = await guest();
    const shortLogin = await short.post("/auth/login", {
      email: user.email,
      password: PASSWORD,
    });
    expect(shortLogin.setCookies.join("\n")).not.toMatch(/Max-Age/);
    const long = await guest();
    const longLogin = await long.post("/auth/login", {
      email: user.email,
      password: PASSWORD,
      remember: true,
    });
    const cookie = longLogin.setCookies.find((c) =>
      c.startsWith(`${app.services.env.SESSION_COOKIE}=`),
    );
    expect(cookie).toMatch(/Max-Age=2592000/);

    app.advance(121 * 60); // past SESSION_LIFETIME (120 minutes) of inactivity
    expect((await short.get("/auth/get-auth")).body.authenticated).toBe(false);
    expect((await long.get("/auth/get-auth")).body.authenticated).toBe(true);
  });

  it("keeps the remember lifetime when the SPA refreshes its CSRF cookie (contract §4 rule 7: 419 → fresh cookie)", async () => {
    const user = await app.createUser();
    const agent = await guest();
    await agent.post("/auth/login", {
      email: user.email,
      password: PASSWORD,
      remember: true,
    });
    const refreshed = await agent.csrf();
    const cookie = refreshed.setCookies.find((c) =>
      c.startsWith(`${app.services.env.SESSION_COOKIE}=`),
    );
    expect(cookie).toMatch(/Max-Age=2592000/);
  });

  it("answers 419 without a CSRF token", async () => {
    const user = await app.createUser();
    const response = await (
      await guest()
    ).post(
      "/auth/login",
      { email: user.email, password: PASSWORD },
      { noCsrf: true },
    );
    expect(response.status).toBe(419);
  });

  it("answers 422 naming each missing field", async () => {
    const response = await (
      await guest()
    ).post("/auth/login", { email: "not-an-email" });
    expect(response.body.errors).toEqual({
      email: ["The email field must be a valid email address."],
      password: ["The password field is required."],
    });
  });
});
