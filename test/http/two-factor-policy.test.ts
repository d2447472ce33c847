import { describe, expect, it } from "vitest";
import { Agent } from "../support/agent";
import { signIn, useTestApp } from "../support/app";
import { impersonating } from "../support/impersonation";
import { confirmPassword, totpCode } from "../support/two-factor";

const ADMIN = "admin@example.test";
const app = useTestApp({ auth: { admins: [ADMIN] } });
const T0 = new Date("2026-11-25T10:00:00Z");
const MUST_ENROL =
  "Two-factor authentication must be enabled on your account first. Turn it on from your profile.";

describe("two-factor.required (decision record 023)", () => {
  it("everyone: signed in, told by get-auth, 403 elsewhere until enrolled; enrolment, step-up and logout stay open", async () => {
    app.configure({ auth: { "two-factor": { required: "everyone" } } });
    app.setNow(T0);
    const user = await app.createUser();
    const agent = await signIn(app, user);
    expect((await agent.get("/auth/get-auth")).body).toMatchObject({
      authenticated: true,
      two_factor_enabled: false,
      two_factor_required: true,
    });
    const refused = await agent.post("/auth/tokens");
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: MUST_ENROL });
    expect((await agent.get("/auth/user/sessions")).status).toBe(403);

    await confirmPassword(agent);
    await agent.post("/auth/user/two-factor-authentication");
    const secret = (await agent.get("/auth/user/two-factor-secret-key")).body
      .secretKey as string;
    expect((await agent.get("/auth/user/two-factor-qr-code")).status).toBe(200);
    expect(
      (
        await agent.post("/auth/user/confirmed-two-factor-authentication", {
          code: totpCode(secret, T0),
        })
      ).status,
    ).toBe(200);
    expect((await agent.get("/auth/get-auth")).body).toMatchObject({
      two_factor_enabled: true,
      two_factor_required: false,
    });
    expect((await agent.post("/auth/tokens")).status).toBe(200);
    // Required: it cannot be turned off.
    expect(
      (await agent.delete("/auth/user/two-factor-authentication")).status,
    ).toBe(403);
    expect((await agent.post("/auth/logout")).status).toBe(200);
  });

  it("admins: only administrators must enrol", async () => {
    app.configure({ auth: { "two-factor": { required: "admins" } } });
    const admin = await signIn(app, await app.createUser({ email: ADMIN }));
    const user = await signIn(app, await app.createUser());
    expect((await admin.get("/auth/get-auth")).body.two_factor_required).toBe(
      true,
    );
    expect((await admin.post("/auth/tokens")).status).toBe(403);
    expect((await user.get("/auth/get-auth")).body.two_factor_required).toBe(
      false,
    );
    expect((await user.post("/auth/tokens")).status).toBe(200);
  });

  it("an administrator impersonating a user who must enrol can still revert", async () => {
    const { agent: before } = await impersonating(app, ADMIN);
    app.configure({ auth: { "two-factor": { required: "everyone" } } });
    const agent = new Agent(app.services);
    for (const [name, value] of before.cookies) agent.cookies.set(name, value);
    expect((await agent.post("/auth/tokens")).status).toBe(403);
    expect((await agent.post("/auth/revert-impersonate")).status).toBe(200);
  });

  it("none (the default): nobody is asked", async () => {
    const agent = await signIn(app, await app.createUser({ email: ADMIN }));
    expect((await agent.get("/auth/get-auth")).body.two_factor_required).toBe(
      false,
    );
    expect((await agent.post("/auth/tokens")).status).toBe(200);
  });

  it("refuses an unknown policy at start, naming the key", async () => {
    expect(() =>
      app.configure({ auth: { "two-factor": { required: "sometimes" } } }),
    ).toThrow(/two-factor\.required/);
  });
});
