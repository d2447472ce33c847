import { describe, expect, it } from "vitest";
import { authorizeAt } from "@/e2e/support/fake-oidc";
import { useTestApp } from "../support/app";
import { useAcmeProvider } from "../support/social";
import { enrol, totpCode } from "../support/two-factor";

const app = useTestApp();
const T0 = new Date("2026-11-25T10:00:00Z");
useAcmeProvider(app, {
  sub: "42",
  email: "person@example.com",
  email_verified: true,
  name: "Provider Person",
});

describe("a social sign-in into an account with a second factor (decision record 023)", () => {
  it("goes through the challenge: the callback sends the browser to the challenge screen, signed out until the code", async () => {
    app.setNow(T0);
    const user = await app.createUser({ email: "person@example.com" });
    const { secret } = await enrol(app, user, T0);
    const agent = app.agent();
    const start = await agent.get("/auth/social/acme/redirect", {
      asJson: false,
    });
    const back = await authorizeAt(start.headers.get("location") ?? "");
    const callback = await agent.get(`${back.pathname}${back.search}`, {
      asJson: false,
    });
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/auth/two-factor-challenge");
    expect((await agent.get("/auth/get-auth")).body.authenticated).toBe(false);
    const passed = await agent.post("/auth/two-factor-challenge", {
      code: totpCode(secret, app.services.now()),
    });
    expect(passed.status).toBe(204);
    expect((await agent.get("/auth/get-auth")).body).toMatchObject({
      authenticated: true,
      user: { id: user.id },
    });
  });

  it("the custom social login callback never sees an account whose second factor was not given", async () => {
    app.setNow(T0);
    const user = await app.createUser({ email: "person@example.com" });
    await enrol(app, user, T0);
    const { setHooks } = await import("@/lib/server/hooks");
    let called = false;
    setHooks({
      socialLogin: async () => {
        called = true;
        return { custom: true };
      },
    });
    const agent = app.agent();
    const start = await agent.get("/auth/social/acme/redirect", {
      asJson: false,
    });
    const back = await authorizeAt(start.headers.get("location") ?? "");
    const callback = await agent.get(`${back.pathname}${back.search}`);
    expect(callback.body).toEqual({ two_factor: true });
    expect(called).toBe(false);
  });
});
