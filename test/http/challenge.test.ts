import { solveChallenge } from "altcha-lib/v1";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { users } from "@/db/schema";
import { CHALLENGE_FAILED, CHALLENGE_MISSING } from "@/lib/auth/challenge/step";
import { BAD_CREDENTIALS } from "@/lib/auth/login";
import { setHooks } from "@/lib/server/hooks";
import { CHALLENGE_ROUTE } from "@/lib/auth/routes";
import { PASSWORD, useTestApp } from "../support/app";
import { Agent } from "../support/agent";

// Proof-of-work challenges on the rows that declare them (decision record 108), through HTTP,
// solved as a browser does with ALTCHA's own library.
const app = useTestApp({
  env: { SANCTUM_STATEFUL_DOMAINS: "spa.example.test:5173" },
});
const PATH = CHALLENGE_ROUTE.path;
const ON = {
  auth: {
    challenge: { enabled: true, "max-number": 2000 },
    features: { passwordless: true },
  },
};

async function guest(ip?: string) {
  const agent = app.agent(ip);
  await agent.csrf();
  return agent;
}

/** A fresh challenge from the route a SPA asks, solved; the form's `altcha` value. */
async function solved(agent: Agent, change?: (number: number) => number) {
  const response = await agent.get(PATH, { host: CHALLENGE_ROUTE });
  expect(response.status).toBe(200);
  const challenge = response.body;
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) throw new Error("no solution");
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: change ? change(solution.number) : solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}

const registration = (email: string, altcha?: string) => ({
  name: "New Person",
  email,
  password: PASSWORD,
  password_confirmation: PASSWORD,
  ...(altcha !== undefined && { altcha }),
});

/** The status of a sign-in with the right password from a new browser at `ip`. */
async function loginStatus(ip: string, email: string) {
  const agent = await guest(ip);
  return (await agent.post("/auth/login", { email, password: PASSWORD }))
    .status;
}

const userCount = async (email: string) =>
  (await app.database.db.select().from(users).where(eq(users.email, email)))
    .length;

describe("proof-of-work challenges (decision record 108)", () => {
  it("are off by default: the route answers 404 and no form asks for one", async () => {
    const agent = await guest();
    expect((await agent.get(PATH, { host: CHALLENGE_ROUTE })).status).toBe(404);
    const response = await agent.post(
      "/auth/register",
      registration("off@example.com"),
    );
    expect(response.status).toBe(200);
  });

  it("answers a signed SHA-256 challenge to a SPA on an allowed origin", async () => {
    app.configure(ON);
    const response = await app.agent().get(PATH, {
      host: CHALLENGE_ROUTE,
      headers: { origin: "http://spa.example.test:5173" },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      algorithm: "SHA-256",
      maxnumber: 2000,
      challenge: expect.stringMatching(/^[0-9a-f]{64}$/),
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
      salt: expect.stringMatching(/\?expires=\d+&$/),
    });
    expect(response.headers.get("access-control-allow-origin")).toBe(
      "http://spa.example.test:5173",
    );
  });

  it("registers with a solved challenge", async () => {
    app.configure(ON);
    const agent = await guest();
    const response = await agent.post(
      "/auth/register",
      registration("solved@example.com", await solved(agent)),
    );
    expect(response.status).toBe(200);
    expect(await userCount("solved@example.com")).toBe(1);
  });

  it("refuses an unsolved form with a 422 on altcha, writing nothing", async () => {
    app.configure(ON);
    const agent = await guest();
    const response = await agent.post(
      "/auth/register",
      registration("unsolved@example.com"),
    );
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: CHALLENGE_MISSING,
      errors: { altcha: [CHALLENGE_MISSING] },
    });
    expect(await userCount("unsolved@example.com")).toBe(0);
  });

  it("refuses a wrong number, a forged signature and garbage alike, never 500", async () => {
    app.configure(ON);
    const agent = await guest();
    const wrong = await solved(agent, (number) => number + 1);
    const good = JSON.parse(
      Buffer.from(await solved(agent), "base64").toString(),
    );
    const forged = Buffer.from(
      JSON.stringify({ ...good, signature: "0".repeat(64) }),
    ).toString("base64");
    const sha1 = Buffer.from(
      JSON.stringify({ ...good, algorithm: "SHA-1" }),
    ).toString("base64");
    for (const altcha of [wrong, forged, sha1, "not base64 at all", "e30="]) {
      const response = await agent.post("/auth/forgot-password", {
        email: "someone@example.com",
        altcha,
      });
      expect([response.status, response.body.errors]).toEqual([
        422,
        { altcha: [CHALLENGE_FAILED] },
      ]);
    }
    // Another address: the five above used up forgot-password's limit for theirs.
    const typed = await (
      await guest("10.2.2.2")
    ).post("/auth/forgot-password", {
      email: "someone@example.com",
      altcha: 12,
    });
    expect(typed.status).toBe(422);
    expect(Object.keys(typed.body.errors)).toEqual(["altcha"]);
    expect(await app.mail()).toEqual([]);
  });

  it("refuses an expired challenge", async () => {
    app.configure(ON);
    app.setNow(new Date("2026-12-02T10:00:00Z"));
    const agent = await guest();
    const altcha = await solved(agent);
    app.advance(301);
    const response = await agent.post("/auth/passwordless", {
      email: "late@example.com",
      altcha,
    });
    expect(response.body.errors).toEqual({ altcha: [CHALLENGE_FAILED] });
  });

  it("spends a solution once: a replay is refused, the first use went through", async () => {
    app.configure(ON);
    const user = await app.createUser();
    const agent = await guest();
    const altcha = await solved(agent);
    const first = await agent.post("/auth/passwordless", {
      email: user.email,
      altcha,
    });
    expect(first.status).toBe(200);
    const replay = await (
      await guest()
    ).post("/auth/passwordless", { email: user.email, altcha });
    expect(replay.body.errors).toEqual({ altcha: [CHALLENGE_FAILED] });
    expect(await app.mail()).toHaveLength(1);
  });

  it("lets one of several concurrent requests with one solution through, across instances", async () => {
    app.configure(ON);
    const second = app.instance();
    const agents = await Promise.all(
      Array.from({ length: 4 }, async (_, index) => {
        if (index % 2 === 0) return guest();
        const agent = new Agent(second, `10.3.3.${index}`);
        await agent.csrf();
        return agent;
      }),
    );
    const altcha = await solved(await guest());
    const responses = await Promise.all(
      agents.map((agent, index) =>
        agent.post("/auth/forgot-password", {
          email: `race-${index}@example.com`,
          altcha,
        }),
      ),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([
      200, 422, 422, 422,
    ]);
  });

  it("keeps asking when the application's registration rules replace the row's fields", async () => {
    app.configure(ON);
    setHooks({
      registrationRules: () =>
        z.strictObject({ email: z.email(), password: z.string().min(4) }),
    });
    const agent = await guest();
    const unsolved = await agent.post("/auth/register", {
      email: "hooked@example.com",
      password: "four",
    });
    expect(unsolved.body.errors).toEqual({ altcha: [CHALLENGE_MISSING] });
    const solvedOne = await agent.post("/auth/register", {
      email: "hooked@example.com",
      password: "four",
      altcha: await solved(agent),
    });
    expect(solvedOne.status).toBe(200);
  });

  it("checks the fields first: a 422 on them keeps the solution for the corrected form", async () => {
    app.configure(ON);
    const agent = await guest();
    const altcha = await solved(agent);
    const typo = await agent.post(
      "/auth/register",
      registration("not an email", altcha),
    );
    expect(Object.keys(typo.body.errors)).toEqual(["email"]);
    const fixed = await agent.post(
      "/auth/register",
      registration("fixed@example.com", altcha),
    );
    expect(fixed.status).toBe(200);
  });

  it("asks a sign-in for one only after failures from the same address, the same for any account", async () => {
    app.configure({
      auth: { challenge: { enabled: true, "max-number": 2000 } },
    });
    const user = await app.createUser();
    const agent = await guest("10.9.9.9");
    for (const email of [user.email, "nobody@example.com", user.email]) {
      const failed = await agent.post("/auth/login", {
        email,
        password: "wrong",
      });
      expect(failed.body.errors).toEqual({ email: [BAD_CREDENTIALS] });
    }
    for (const email of [user.email, "nobody@example.com"]) {
      const asked = await agent.post("/auth/login", {
        email,
        password: PASSWORD,
      });
      expect(asked.body.errors).toEqual({ altcha: [CHALLENGE_MISSING] });
    }
    expect(await loginStatus("10.9.9.10", user.email)).toBe(200);
    const signedIn = await agent.post("/auth/login", {
      email: user.email,
      password: PASSWORD,
      altcha: await solved(agent),
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.email).toBe(user.email);
  });

  it("counts a refused sign-in code or link as a failed sign-in: after enough of them login asks that address for one", async () => {
    app.configure(ON);
    const user = await app.createUser();
    const agent = await guest("10.9.8.1");
    const asked = await agent.post("/auth/passwordless", {
      email: user.email,
      altcha: await solved(agent),
    });
    expect(asked.status).toBe(200);
    const attempts = [
      { email: user.email, code: "000000" },
      { email: "nobody@example.com", code: "000000" },
      { token: "not-a-link" },
    ];
    for (const attempt of attempts)
      expect(
        (await agent.post("/auth/passwordless/verify", attempt)).status,
      ).toBe(422);
    const login = await agent.post("/auth/login", {
      email: user.email,
      password: PASSWORD,
    });
    expect(login.body.errors).toEqual({ altcha: [CHALLENGE_MISSING] });
    // Another address has failed nothing.
    expect(await loginStatus("10.9.8.2", user.email)).toBe(200);
  });
});
