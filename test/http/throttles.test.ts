import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "@/db/schema";
import { PASSWORD, signIn, useTestApp } from "../support/app";

const app = useTestApp();
const LOCKED = /^Too many login attempts\. Please try again in \d+ seconds\.$/;

async function guest(ip = "203.0.113.7") {
  const agent = app.agent(ip);
  await agent.csrf();
  return agent;
}

const registration = (email: string) => ({
  name: "New",
  email,
  password: PASSWORD,
  password_confirmation: PASSWORD,
});

describe("limiters where abuse is cheap (named limiters in routes.middlewares)", () => {
  it("register: 5 per 10 minutes from one address, whatever the emails; 429 with Retry-After", async () => {
    // A new browser each time: a registration signs in, and `guest` refuses the next one.
    for (let i = 0; i < 5; i++)
      expect(
        (
          await (
            await guest()
          ).post("/auth/register", registration(`n${i}@example.test`))
        ).status,
      ).toBe(200);
    const refused = await (
      await guest()
    ).post("/auth/register", registration("n5@example.test"));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(500);
    expect(
      (
        await (
          await guest("203.0.113.8")
        ).post("/auth/register", registration("other@example.test"))
      ).status,
    ).toBe(200);
  });

  it("register: 3 an hour for one target email, from any address, counting only attempts that pass validation (decision record 069)", async () => {
    const attempt = (ip: string, overrides: Record<string, unknown> = {}) =>
      guest(ip).then((agent) =>
        agent.post("/auth/register", {
          ...registration("victim@example.test"),
          ...overrides,
        }),
      );
    // A person's typos: refused by validation, they do not use up their own address.
    for (let i = 0; i < 4; i++)
      expect(
        (
          await attempt(`198.51.100.${i}`, {
            password: "short",
            password_confirmation: "other",
          })
        ).status,
      ).toBe(422);
    // Three registrations that would each create an account and mail the address (the account
    // deleted in between, so the address is free again).
    for (let i = 0; i < 3; i++) {
      expect((await attempt(`198.51.100.${10 + i}`)).status).toBe(200);
      await app.database.db
        .delete(users)
        .where(eq(users.email, "victim@example.test"));
    }
    const refused = await attempt("198.51.100.20", {
      email: "VICTIM@example.test",
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3000);
  });

  it("register: the per-address rule counts refused attempts too (it guards against floods)", async () => {
    for (let i = 0; i < 5; i++)
      expect(
        (
          await (
            await guest()
          ).post("/auth/register", { email: `typo${i}@example.test` })
        ).status,
      ).toBe(422);
    expect(
      (
        await (
          await guest()
        ).post("/auth/register", registration("fine@example.test"))
      ).status,
    ).toBe(429);
  });

  it("login: 20 a minute from one address across every email (a password spray), on top of the per-email lockout", async () => {
    const agent = await guest();
    for (let i = 0; i < 20; i++)
      expect(
        (
          await agent.post("/auth/login", {
            email: `spray${i}@example.test`,
            password: "guess",
          })
        ).status,
      ).toBe(422);
    expect(
      (
        await agent.post("/auth/login", {
          email: "spray20@example.test",
          password: "guess",
        })
      ).status,
    ).toBe(429);
    app.advance(60);
    expect(
      (
        await agent.post("/auth/login", {
          email: "spray21@example.test",
          password: "guess",
        })
      ).status,
    ).toBe(422);
  });

  it("forgot-password: per address and per email, answering known and unknown emails alike", async () => {
    const user = await app.createUser();
    for (let i = 0; i < 3; i++)
      expect(
        (
          await (
            await guest(`192.0.2.${i}`)
          ).post("/auth/forgot-password", { email: user.email })
        ).status,
      ).toBe(200);
    const known = await (
      await guest("192.0.2.50")
    ).post("/auth/forgot-password", { email: user.email });
    for (let i = 0; i < 3; i++)
      await (
        await guest(`192.0.2.${10 + i}`)
      ).post("/auth/forgot-password", { email: "nobody@example.test" });
    const unknown = await (
      await guest("192.0.2.51")
    ).post("/auth/forgot-password", { email: "nobody@example.test" });
    expect([known.status, unknown.status]).toEqual([429, 429]);
    expect(known.text).toBe(unknown.text);
    const agent = await guest("192.0.2.99");
    for (let i = 0; i < 5; i++)
      expect(
        (
          await agent.post("/auth/forgot-password", {
            email: `x${i}@example.test`,
          })
        ).status,
      ).toBe(200);
    expect(
      (await agent.post("/auth/forgot-password", { email: "x5@example.test" }))
        .status,
    ).toBe(429);
  });

  it("update-password: 6 a minute per user, so old_password cannot be guessed without end", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    const attempt = () =>
      agent.post("/auth/update-password", {
        old_password: "guess",
        password: "newpassword1",
        password_confirmation: "newpassword1",
      });
    for (let i = 0; i < 6; i++) expect((await attempt()).status).toBe(422);
    expect((await attempt()).status).toBe(429);
  });

  it("create-token: 10 per 10 minutes per email, from any address", async () => {
    const user = await app.createUser();
    for (let i = 0; i < 10; i++) {
      const response = await (
        await guest(`203.0.113.${100 + i}`)
      ).post("/auth/create-token", {
        email: user.email,
        password: "guess",
        name: "x",
      });
      expect(response.status).toBe(422);
    }
    expect(
      (
        await (
          await guest("203.0.113.200")
        ).post("/auth/create-token", {
          email: user.email,
          password: PASSWORD,
          name: "x",
        })
      ).status,
    ).toBe(429);
  });

  it("an application changes a limiter through the configuration", async () => {
    app.configure({
      auth: { limiters: { login: [{ by: "ip", max: 2, minutes: 1 }] } },
    });
    const agent = await guest();
    await agent.post("/auth/login", { email: "a@example.test", password: "x" });
    await agent.post("/auth/login", { email: "b@example.test", password: "x" });
    expect(
      (
        await agent.post("/auth/login", {
          email: "c@example.test",
          password: "x",
        })
      ).status,
    ).toBe(429);
  });
});

describe("per-account failures across addresses: growing delays, never a permanent lock", () => {
  // Each failure from a new address: the per-email-and-address lockout never trips.
  const fail = async (email: string, i: number) =>
    (await guest(`10.9.${Math.floor(i / 200)}.${i % 200}`)).post(
      "/auth/login",
      { email, password: "wrong" },
    );

  it("after 10 failures the account waits, doubling with each failure; the right password is not even checked meanwhile", async () => {
    app.setNow(new Date("2026-11-25T10:00:00Z"));
    const user = await app.createUser();
    for (let i = 0; i < 10; i++)
      expect((await fail(user.email, i)).body.errors.email[0]).toBe(
        "These credentials do not match our records.",
      );
    const waiting = await (
      await guest("10.99.0.1")
    ).post("/auth/login", { email: user.email, password: PASSWORD });
    expect(waiting.status).toBe(422);
    expect(waiting.body.errors.email[0]).toMatch(LOCKED);
    app.advance(2);
    expect((await fail(user.email, 10)).body.errors.email[0]).toBe(
      "These credentials do not match our records.",
    );
    app.advance(3);
    expect(
      (
        await (
          await guest("10.99.0.2")
        ).post("/auth/login", { email: user.email, password: PASSWORD })
      ).body.errors.email[0],
    ).toMatch(LOCKED);
    app.advance(1);
    const signedIn = await (
      await guest("10.99.0.3")
    ).post("/auth/login", { email: user.email, password: PASSWORD });
    expect(signedIn.status).toBe(200);
    // Success forgets the failures: the next failure does not wait.
    expect((await fail(user.email, 20)).body.errors.email[0]).toBe(
      "These credentials do not match our records.",
    );
    expect(
      (
        await (
          await guest("10.99.0.4")
        ).post("/auth/login", { email: user.email, password: PASSWORD })
      ).status,
    ).toBe(200);
  });

  it("caps the delay at limits.account-max-delay-seconds", async () => {
    app.configure({
      auth: {
        limits: {
          "account-failures-before-delay": 2,
          "account-max-delay-seconds": 30,
        },
      },
    });
    app.setNow(new Date("2026-11-25T10:00:00Z"));
    const user = await app.createUser();
    for (let i = 0; i < 12; i++) {
      await fail(user.email, i);
      app.advance(31);
    }
    // 12 failures would mean 2^11 s uncapped; the cap lets the owner in 30 s after the last one.
    await fail(user.email, 12);
    app.advance(29);
    expect(
      (
        await (
          await guest("10.99.1.1")
        ).post("/auth/login", { email: user.email, password: PASSWORD })
      ).body.errors.email[0],
    ).toMatch(LOCKED);
    app.advance(2);
    expect(
      (
        await (
          await guest("10.99.1.2")
        ).post("/auth/login", { email: user.email, password: PASSWORD })
      ).status,
    ).toBe(200);
  });
});
