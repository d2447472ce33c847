import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "@/db/schema";
import { signIn, useTestApp } from "../support/app";
import {
  confirmPassword,
  enrol,
  startSignIn,
  totpCode,
} from "../support/two-factor";

const app = useTestApp();
const T0 = new Date("2026-11-25T10:00:00Z");
const STEP_UP = { message: "Password confirmation required." };

describe("enrolment (Fortify's routes; decision record 023)", () => {
  it("needs a recent password confirmation on every enrolment route (423), then works", async () => {
    app.setNow(T0);
    const agent = await signIn(app, await app.createUser());
    for (const [method, path] of [
      ["POST", "/auth/user/two-factor-authentication"],
      ["POST", "/auth/user/confirmed-two-factor-authentication"],
      ["DELETE", "/auth/user/two-factor-authentication"],
      ["GET", "/auth/user/two-factor-qr-code"],
      ["GET", "/auth/user/two-factor-secret-key"],
      ["GET", "/auth/user/two-factor-recovery-codes"],
      ["POST", "/auth/user/two-factor-recovery-codes"],
    ] as const) {
      const response = await agent.request(method, path, {
        json: method === "GET" ? undefined : {},
      });
      expect([path, response.status, response.body]).toEqual([
        path,
        423,
        STEP_UP,
      ]);
    }
    await confirmPassword(agent);
    expect(
      (await agent.post("/auth/user/two-factor-authentication")).status,
    ).toBe(200);
  });

  it("enables (unconfirmed), shows the QR code and key, confirms with a code, then the codes", async () => {
    app.setNow(T0);
    const user = await app.createUser({ email: "ada@example.com" });
    const enabled = app.events("TwoFactorAuthenticationEnabled");
    const confirmed = app.events("TwoFactorAuthenticationConfirmed");
    const agent = await signIn(app, user);
    await confirmPassword(agent);
    await agent.post("/auth/user/two-factor-authentication");
    expect(enabled).toHaveLength(1);
    const { secretKey } = (await agent.get("/auth/user/two-factor-secret-key"))
      .body as { secretKey: string };
    expect(secretKey).toMatch(/^[A-Z2-7]{32}$/);
    const qr = (await agent.get("/auth/user/two-factor-qr-code")).body as {
      svg: string;
      url: string;
    };
    expect(qr.svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const url = new URL(qr.url);
    expect(url.protocol).toBe("otpauth:");
    expect(url.searchParams.get("secret")).toBe(secretKey);
    expect(url.searchParams.get("issuer")).toBe("Next Laravel Auth");
    expect(decodeURIComponent(url.pathname)).toContain("ada@example.com");
    // Not on until confirmed: the password alone still signs in.
    expect((await app.agent().get("/auth/get-auth")).body.authenticated).toBe(
      false,
    );
    expect((await agent.get("/auth/get-auth")).body.two_factor_enabled).toBe(
      false,
    );
    const login = app.agent();
    await login.csrf();
    expect(
      (
        await login.post("/auth/login", {
          email: user.email,
          password: "plum-orbit-4812",
        })
      ).body.success,
    ).toBe(true);

    const wrong = await agent.post(
      "/auth/user/confirmed-two-factor-authentication",
      { code: totpCode(secretKey, T0, 3) },
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({
      code: ["The provided two factor authentication code was invalid."],
    });
    expect(
      (
        await agent.post("/auth/user/confirmed-two-factor-authentication", {
          code: totpCode(secretKey, T0),
        })
      ).status,
    ).toBe(200);
    expect(confirmed).toHaveLength(1);
    expect((await agent.get("/auth/get-auth")).body.two_factor_enabled).toBe(
      true,
    );
    const codes = (await agent.get("/auth/user/two-factor-recovery-codes"))
      .body as string[];
    expect(codes).toHaveLength(8);
    expect(new Set(codes).size).toBe(8);
  });

  it("keeps the secret on a second enable, and replaces it (unconfirmed) with force", async () => {
    app.setNow(T0);
    const user = await app.createUser();
    const { agent, secret } = await enrol(app, user, T0);
    await agent.post("/auth/user/two-factor-authentication");
    expect(
      (await agent.get("/auth/user/two-factor-secret-key")).body.secretKey,
    ).toBe(secret);
    await agent.post("/auth/user/two-factor-authentication", { force: true });
    expect(
      (await agent.get("/auth/user/two-factor-secret-key")).body.secretKey,
    ).not.toBe(secret);
    expect((await agent.get("/auth/get-auth")).body.two_factor_enabled).toBe(
      false,
    );
  });

  it("regenerates the recovery codes, and turns the second factor off", async () => {
    app.setNow(T0);
    const user = await app.createUser();
    const { agent, codes } = await enrol(app, user, T0);
    const generated = app.events("RecoveryCodesGenerated");
    expect(
      (await agent.post("/auth/user/two-factor-recovery-codes")).status,
    ).toBe(200);
    const fresh = (await agent.get("/auth/user/two-factor-recovery-codes"))
      .body as string[];
    expect(fresh.filter((code) => codes.includes(code))).toEqual([]);
    expect(generated).toHaveLength(1);

    const disabled = app.events("TwoFactorAuthenticationDisabled");
    expect(
      (await agent.delete("/auth/user/two-factor-authentication")).status,
    ).toBe(200);
    expect(disabled).toHaveLength(1);
    const [row] = await app.database.db
      .select()
      .from(users)
      .where(eq(users.id, user.id));
    expect(row).toMatchObject({
      twoFactorSecret: null,
      twoFactorRecoveryCodes: null,
      twoFactorConfirmedAt: null,
    });
    expect((await agent.get("/auth/user/two-factor-secret-key")).status).toBe(
      404,
    );
    expect((await agent.get("/auth/user/two-factor-qr-code")).body).toEqual([]);
  });

  it("stores the secret and the codes encrypted, never in clear", async () => {
    app.setNow(T0);
    const user = await app.createUser();
    const { secret, codes } = await enrol(app, user, T0);
    const [row] = await app.database.db
      .select()
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.twoFactorSecret).not.toContain(secret);
    expect(row?.twoFactorRecoveryCodes).not.toContain(codes[0]);
    expect(
      JSON.parse(Buffer.from(row?.twoFactorSecret ?? "", "base64").toString()),
    ).toEqual({
      iv: expect.any(String),
      value: expect.any(String),
      mac: expect.any(String),
      tag: "",
    });
  });

  it("a bearer token cannot enrol, confirm a password or read the secret (403)", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    await confirmPassword(agent);
    const guest = app.agent();
    await guest.csrf();
    const { token } = (
      await guest.post("/auth/create-token", {
        email: user.email,
        password: "plum-orbit-4812",
        name: "ci",
      })
    ).body as { token: string };
    const bearer = app.agent();
    expect(
      (
        await bearer.post(
          "/auth/user/two-factor-authentication",
          {},
          { bearer: token },
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await bearer.post(
          "/auth/user/confirm-password",
          { password: "plum-orbit-4812" },
          { bearer: token },
        )
      ).status,
    ).toBe(403);
    expect(
      (await bearer.get("/auth/user/two-factor-secret-key", { bearer: token }))
        .status,
    ).toBe(403);
  });

  it("a signed-in session creates a token without a code, its password the only confirmation asked (decision record 045)", async () => {
    app.setNow(T0);
    const user = await app.createUser();
    const { agent } = await enrol(app, user, T0);
    // Three hours of use (the session stays alive; its confirmation expires).
    for (let hour = 0; hour < 3; hour++) {
      app.advance(60 * 60);
      expect((await agent.get("/auth/get-auth")).body.authenticated).toBe(true);
    }
    const body = {
      email: user.email,
      password: "plum-orbit-4812",
      name: "from the screens",
    };
    // The step-up has lapsed: the request's password is the proof, so no 423 and no second prompt.
    const wrong = await agent.post("/auth/create-token", {
      ...body,
      password: "wrong",
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({
      email: ["These credentials do not match our records."],
    });
    expect((await agent.post("/auth/create-token", body)).status).toBe(200);
    // Another user's account from this session still needs that account's code.
    app.advance(30);
    const other = await app.createUser();
    const { secret } = await enrol(app, other, app.services.now());
    const guestOfOther = await agent.post("/auth/create-token", {
      ...body,
      email: other.email,
    });
    expect(guestOfOther.body.errors).toEqual({
      code: ["A two-factor authentication code is required for this account."],
    });
    expect(
      (
        await agent.post("/auth/create-token", {
          ...body,
          email: other.email,
          code: totpCode(secret, app.services.now()),
        })
      ).status,
    ).toBe(200);
    await startSignIn(app, other);
  });
});
