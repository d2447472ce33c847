import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog, sessions } from "@/db/schema";
import { Agent } from "../support/agent";
import { PASSWORD, useTestApp } from "../support/app";
import { enrol, startSignIn, totpCode } from "../support/two-factor";

const app = useTestApp();
const T0 = new Date("2026-11-25T10:00:00Z");
const INVALID = "The provided two factor authentication code was invalid.";
const INVALID_RECOVERY = "The provided two factor recovery code was invalid.";
const NO_PENDING =
  "Your sign-in has expired or was already completed. Please sign in again.";

async function enrolled() {
  app.setNow(T0);
  const user = await app.createUser();
  const { secret, codes } = await enrol(app, user, T0);
  return { user, secret, codes };
}

const now = () => app.services.now();

describe("POST login with a second factor, then POST two-factor-challenge (decision record 023)", () => {
  it("answers {two_factor: true} without signing in, then signs in on a new session with a code (204)", async () => {
    const { user, secret } = await enrolled();
    const agent = await startSignIn(app, user);
    expect((await agent.get("/auth/get-auth")).body).toMatchObject({
      authenticated: false,
      user: null,
    });
    const before = agent.cookies.get(app.services.env.SESSION_COOKIE);
    const passed = await agent.post("/auth/two-factor-challenge", {
      code: totpCode(secret, now()),
    });
    expect(passed.status).toBe(204);
    expect(passed.text).toBe("");
    expect(agent.cookies.get(app.services.env.SESSION_COOKIE)).not.toBe(before);
    expect((await agent.get("/auth/get-auth")).body).toMatchObject({
      authenticated: true,
      user: { id: user.id, two_factor_enabled: true },
      two_factor_enabled: true,
    });
    const events = (
      await app.database.db
        .select()
        .from(activityLog)
        .where(eq(activityLog.subjectId, user.id))
    ).map((row) => row.event);
    expect(events).toEqual(
      expect.arrayContaining([
        "two-factor-enabled",
        "two-factor-challenge-passed",
        "login",
      ]),
    );
  });

  it("refuses a wrong code with 422 on code, and accepts ±1 step of drift", async () => {
    const { user, secret } = await enrolled();
    const agent = await startSignIn(app, user);
    const wrong = await agent.post("/auth/two-factor-challenge", {
      code: totpCode(secret, now(), 5),
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({
      message: INVALID,
      errors: { code: [INVALID] },
    });
    // One step past the confirming code's, so the step before now was never used.
    app.advance(30);
    expect(
      (
        await agent.post("/auth/two-factor-challenge", {
          code: totpCode(secret, now(), -2),
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await agent.post("/auth/two-factor-challenge", {
          code: totpCode(secret, now(), -1),
        })
      ).status,
    ).toBe(204);
    const late = await startSignIn(app, user);
    expect(
      (
        await late.post("/auth/two-factor-challenge", {
          code: totpCode(secret, now(), 1),
        })
      ).status,
    ).toBe(204);
  });

  it("never accepts a code's time step twice (replay), nor an earlier one", async () => {
    const { user, secret } = await enrolled();
    const code = totpCode(secret, now());
    expect(
      (
        await (
          await startSignIn(app, user)
        ).post("/auth/two-factor-challenge", { code })
      ).status,
    ).toBe(204);
    const again = await startSignIn(app, user);
    expect(
      (await again.post("/auth/two-factor-challenge", { code })).body.errors,
    ).toEqual({ code: [INVALID] });
    // The previous step is within the drift window, but before the step already used.
    expect(
      (
        await again.post("/auth/two-factor-challenge", {
          code: totpCode(secret, now(), -1),
        })
      ).status,
    ).toBe(422);
    app.advance(30);
    expect(
      (
        await again.post("/auth/two-factor-challenge", {
          code: totpCode(secret, now()),
        })
      ).status,
    ).toBe(204);
  });

  it("lets one of two simultaneous requests with the same code through, never both", async () => {
    const { user, secret } = await enrolled();
    const [first, second] = [
      await startSignIn(app, user, { ip: "10.7.0.1" }),
      await startSignIn(app, user, { ip: "10.7.0.2" }),
    ];
    const code = totpCode(secret, now());
    const statuses = (
      await Promise.all(
        [first, second].map((agent) =>
          agent.post("/auth/two-factor-challenge", { code }),
        ),
      )
    ).map((r) => r.status);
    expect(statuses.sort()).toEqual([204, 422]);
  });

  it("does not accept the code that confirmed the enrolment", async () => {
    app.setNow(T0);
    const user = await app.createUser();
    const { secret } = await enrol(app, user, T0);
    app.setNow(T0);
    const agent = await startSignIn(app, user);
    expect(
      (
        await agent.post("/auth/two-factor-challenge", {
          code: totpCode(secret, T0),
        })
      ).status,
    ).toBe(422);
  });

  it("answers 422 without a pending sign-in, after 10 minutes, and for a second use", async () => {
    const { user, secret } = await enrolled();
    const nobody = app.agent();
    await nobody.csrf();
    expect(
      (
        await nobody.post("/auth/two-factor-challenge", {
          code: totpCode(secret, now()),
        })
      ).body.errors,
    ).toEqual({ code: [NO_PENDING] });

    const late = await startSignIn(app, user);
    app.advance(10 * 60);
    expect(
      (
        await late.post("/auth/two-factor-challenge", {
          code: totpCode(secret, now()),
        })
      ).body.errors,
    ).toEqual({ code: [NO_PENDING] });

    app.advance(30);
    const agent = await startSignIn(app, user);
    const copy = new Agent(app.services);
    for (const [name, value] of agent.cookies) copy.cookies.set(name, value);
    expect(
      (
        await agent.post("/auth/two-factor-challenge", {
          code: totpCode(secret, now()),
        })
      ).status,
    ).toBe(204);
    app.advance(30);
    const reused = await copy.post("/auth/two-factor-challenge", {
      code: totpCode(secret, now()),
    });
    expect(reused.status).toBe(422);
    expect(reused.body.errors).toEqual({ code: [NO_PENDING] });
  });

  it("is bound to the browser that gave the password: another session has nothing pending", async () => {
    const { user, secret } = await enrolled();
    await startSignIn(app, user);
    const other = app.agent();
    await other.csrf();
    expect(
      (
        await other.post("/auth/two-factor-challenge", {
          code: totpCode(secret, now()),
        })
      ).body.errors,
    ).toEqual({ code: [NO_PENDING] });
    expect(await app.database.db.select().from(sessions)).toHaveLength(1); // the enrolling session only
  });

  it("leaves an expired pending sign-in to the pruning (decision record 015)", async () => {
    const { user } = await enrolled();
    await startSignIn(app, user);
    const { pruneAuthTables } = await import("@/lib/auth/prune");
    const prune = () =>
      pruneAuthTables(
        app.database.db,
        app.services.config,
        app.services.env.SESSION_LIFETIME,
        now(),
      );
    expect((await prune()).two_factor_challenges).toBe(0);
    app.advance(10 * 60 + 1);
    expect((await prune()).two_factor_challenges).toBe(1);
  });

  it("keeps `remember` from the password step", async () => {
    const { user, secret } = await enrolled();
    const agent = await startSignIn(app, user, { remember: true });
    const passed = await agent.post("/auth/two-factor-challenge", {
      code: totpCode(secret, now()),
    });
    expect(
      passed.setCookies.find((cookie) =>
        cookie.startsWith(`${app.services.env.SESSION_COOKIE}=`),
      ),
    ).toMatch(/Max-Age=2592000/);
  });

  it("allows 5 attempts a minute per pending sign-in (422 with the wait after them)", async () => {
    const { user, secret } = await enrolled();
    const agent = await startSignIn(app, user);
    for (let i = 0; i < 5; i++)
      expect(
        (await agent.post("/auth/two-factor-challenge", { code: "000000" }))
          .body.errors.code,
      ).toEqual([INVALID]);
    const refused = await agent.post("/auth/two-factor-challenge", {
      code: totpCode(secret, now()),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.code[0]).toMatch(
      /^Too many attempts\. Please try again in \d+ seconds\.$/,
    );
    app.advance(60);
    expect(
      (
        await agent.post("/auth/two-factor-challenge", {
          code: totpCode(secret, now()),
        })
      ).status,
    ).toBe(204);
  });

  it("pauses the account's second factor for 15 minutes after 10 consecutive failures: audited, mailed, an event", async () => {
    const { user, secret } = await enrolled();
    const lockouts = app.events("TwoFactorLockout");
    for (let round = 0; round < 2; round++) {
      const agent = await startSignIn(app, user, { ip: `10.9.0.${round}` });
      for (let i = 0; i < 5; i++)
        await agent.post("/auth/two-factor-challenge", { code: "000000" });
    }
    expect(lockouts).toHaveLength(1);
    const agent = await startSignIn(app, user);
    const paused = await agent.post("/auth/two-factor-challenge", {
      code: totpCode(secret, now()),
    });
    expect(paused.body.errors.code).toEqual([
      "Too many invalid codes: two-factor sign-in is paused for this account. Please try again in 15 minutes.",
    ]);
    expect((await app.lastMailTo(user.email)).subject).toBe(
      "Two-factor sign-in paused on your account",
    );
    const events = (
      await app.database.db
        .select()
        .from(activityLog)
        .where(eq(activityLog.subjectId, user.id))
    ).map((row) => row.event);
    expect(
      events.filter((event) => event === "two-factor-challenge-failed"),
    ).toHaveLength(10);
    expect(events).toContain("two-factor-lockout");
    app.advance(15 * 60);
    const later = await startSignIn(app, user);
    expect(
      (
        await later.post("/auth/two-factor-challenge", {
          code: totpCode(secret, now()),
        })
      ).status,
    ).toBe(204);
  });

  it("counts consecutive failures only: a success starts the count again", async () => {
    const { user, secret } = await enrolled();
    const fiveWrong = async (ip: string) => {
      const agent = await startSignIn(app, user, { ip });
      for (let i = 0; i < 5; i++)
        await agent.post("/auth/two-factor-challenge", { code: "000000" });
    };
    await fiveWrong("10.8.0.1");
    expect(
      (
        await (
          await startSignIn(app, user)
        ).post("/auth/two-factor-challenge", { code: totpCode(secret, now()) })
      ).status,
    ).toBe(204);
    app.advance(30);
    await fiveWrong("10.8.0.2");
    expect(
      (
        await (
          await startSignIn(app, user)
        ).post("/auth/two-factor-challenge", { code: totpCode(secret, now()) })
      ).status,
    ).toBe(204);
  });
});

describe("recovery codes at the challenge (decision record 023)", () => {
  it("signs in once with each code, and replaces a used code with a new one", async () => {
    const { user, codes } = await enrolled();
    expect(codes).toHaveLength(8);
    for (const code of codes)
      expect(code).toMatch(/^[A-Za-z0-9]{10}-[A-Za-z0-9]{10}$/);
    const [used = ""] = codes;
    const agent = await startSignIn(app, user);
    expect(
      (await agent.post("/auth/two-factor-challenge", { recovery_code: used }))
        .status,
    ).toBe(204);

    const again = await startSignIn(app, user);
    const refused = await again.post("/auth/two-factor-challenge", {
      recovery_code: used,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ recovery_code: [INVALID_RECOVERY] });

    const { confirmPassword } = await import("../support/two-factor");
    await confirmPassword(agent);
    const now = (await agent.get("/auth/user/two-factor-recovery-codes"))
      .body as string[];
    expect(now).toHaveLength(8);
    expect(now).not.toContain(used);
    expect(now.filter((code) => codes.includes(code))).toHaveLength(7);
    expect(
      (
        await again.post("/auth/two-factor-challenge", {
          recovery_code: codes[1],
        })
      ).status,
    ).toBe(204);
  });
});

describe("the second factor cannot be bypassed (decision record 023)", () => {
  it("create-token with email and password needs code or recovery_code (422 on code), then single use", async () => {
    const { user, secret, codes } = await enrolled();
    const guest = app.agent();
    await guest.csrf();
    const body = { email: user.email, password: PASSWORD, name: "ci" };
    const missing = await guest.post("/auth/create-token", body);
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({
      code: ["A two-factor authentication code is required for this account."],
    });
    expect(
      (await guest.post("/auth/create-token", { ...body, code: "000000" })).body
        .errors,
    ).toEqual({ code: [INVALID] });
    const code = totpCode(secret, now());
    const issued = await guest.post("/auth/create-token", { ...body, code });
    expect(issued.status).toBe(200);
    expect(issued.body.token).toMatch(/^\d+\|/);
    expect(
      (await guest.post("/auth/create-token", { ...body, code })).body.errors,
    ).toEqual({ code: [INVALID] });
    expect(
      (
        await guest.post("/auth/create-token", {
          ...body,
          recovery_code: codes[0],
        })
      ).status,
    ).toBe(200);
  });

  it("a wrong password is still 422 on email, before any code is looked at", async () => {
    const { user } = await enrolled();
    const guest = app.agent();
    await guest.csrf();
    const response = await guest.post("/auth/create-token", {
      email: user.email,
      password: "wrong",
      name: "ci",
      code: "000000",
    });
    expect(response.body.errors).toEqual({
      email: ["These credentials do not match our records."],
    });
  });
});
