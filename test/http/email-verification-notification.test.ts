import { describe, expect, it } from "vitest";
import { signIn, useTestApp } from "../support/app";
import { linkIn } from "../support/session";

const app = useTestApp();

describe("POST /auth/email-verification-notification (contract §3 Email verification)", () => {
  it("sends the link to an unverified user: {success, status: 'verification-link-sent'}", async () => {
    const user = await app.createUser({ emailVerifiedAt: null });
    const agent = await signIn(app, user);
    const response = await agent.post("/auth/email-verification-notification");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      status: "verification-link-sent",
    });
    const mail = await app.lastMailTo(user.email);
    expect(mail.subject).toBe("Verify Email Address");
    expect(linkIn(mail.text).href).toMatch(
      new RegExp(
        `^http://localhost:3000/auth/email/verify/${user.id}/[0-9a-f]{40}\\?expires=\\d+&signature=[0-9a-f]{64}$`,
      ),
    );
  });

  it("answers 'already-verified' to a verified user and sends nothing", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    expect(
      (await agent.post("/auth/email-verification-notification")).body,
    ).toEqual({ success: true, status: "already-verified" });
    expect(await app.mail()).toEqual([]);
  });

  it("answers 'already-verified' when must-verify-email is off", async () => {
    app.configure({ auth: { "must-verify-email": false } });
    const user = await app.createUser({ emailVerifiedAt: null });
    const agent = await signIn(app, user);
    expect(
      (await agent.post("/auth/email-verification-notification")).body.status,
    ).toBe("already-verified");
  });

  it("answers 429 with Retry-After on the 7th request in a minute (throttle:6,1)", async () => {
    app.setNow(new Date("2026-11-22T10:00:00Z"));
    const user = await app.createUser({ emailVerifiedAt: null });
    const agent = await signIn(app, user);
    for (let i = 0; i < 6; i++)
      expect(
        (await agent.post("/auth/email-verification-notification")).status,
      ).toBe(200);
    app.advance(20);
    const seventh = await agent.post("/auth/email-verification-notification");
    expect(seventh.status).toBe(429);
    expect(seventh.headers.get("retry-after")).toBe("40");
    app.advance(40);
    expect(
      (await agent.post("/auth/email-verification-notification")).status,
    ).toBe(200);
  });

  it("answers 401 without a session or token", async () => {
    const agent = app.agent();
    await agent.csrf();
    expect(
      (await agent.post("/auth/email-verification-notification")).status,
    ).toBe(401);
  });
});
