import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog } from "@/db/schema";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import { passkeySignIn, withPasskey } from "../support/passkeys";
import { enrol, startSignIn } from "../support/two-factor";

const app = useTestApp();

describe("a passkey and the second factor, the step-up (decision record 026)", () => {
  it("a passkey sign-in satisfies the second factor: no challenge, the session says passkey", async () => {
    const user = await app.createUser();
    app.setNow(new Date());
    const { agent: enrolled } = await enrol(app, user, new Date());
    const { authenticator } = await withPasskey(app, user, undefined, enrolled);
    // The password alone still stops at the challenge.
    await startSignIn(app, user);
    const { agent, response } = await passkeySignIn(app, authenticator);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      user: { id: user.id },
    });
    expect(response.body).not.toHaveProperty("two_factor");
    expect((await agent.get("/auth/get-auth")).body).toMatchObject({
      authenticated: true,
      two_factor_enabled: true,
    });
    const sessions = (await agent.get("/auth/user/sessions")).body;
    expect(JSON.stringify(sessions)).toContain('"method":"passkey"');
    const logins = await app.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, "login"));
    expect(logins.at(-1)?.properties).toMatchObject({ method: "passkey" });
  });

  it("a passkey sign-in forgets a pending password sign-in of the same browser", async () => {
    const user = await app.createUser();
    app.setNow(new Date());
    const { agent: enrolled } = await enrol(app, user, new Date());
    const { authenticator } = await withPasskey(app, user, undefined, enrolled);
    const agent = await startSignIn(app, user);
    const options = (await agent.get("/auth/passkeys/login/options")).body
      .options;
    expect(
      (
        await agent.post("/auth/passkeys/login", {
          credential: authenticator.authenticate(options),
        })
      ).status,
    ).toBe(200);
    await agent.post("/auth/logout");
    await agent.csrf();
    const challenge = await agent.post("/auth/two-factor-challenge", {
      code: "000000",
    });
    expect(challenge.status).toBe(422);
  });

  it("a passkey step-up is the password's: confirmed-password-status says so, and other step-up routes open", async () => {
    const user = await app.createUser();
    const { agent, authenticator } = await withPasskey(app, user);
    expect(
      (await agent.get("/auth/user/confirmed-password-status")).body,
    ).toEqual({ confirmed: false });
    expect(
      (await agent.delete("/auth/user/other-browser-sessions")).status,
    ).toBe(423);
    const options = (await agent.get("/auth/passkeys/confirm/options")).body
      .options;
    expect(
      (
        await agent.post("/auth/passkeys/confirm", {
          credential: authenticator.authenticate(options),
        })
      ).status,
    ).toBe(200);
    expect(
      (await agent.get("/auth/user/confirmed-password-status")).body,
    ).toEqual({ confirmed: true });
    expect(
      (await agent.delete("/auth/user/other-browser-sessions")).status,
    ).not.toBe(423);
  });

  it("the password still confirms a step-up for a user with passkeys, and deleting one then goes through", async () => {
    const user = await app.createUser();
    const { agent, passkeyId } = await withPasskey(app, user);
    expect(
      (await agent.post("/auth/user/confirm-password", { password: PASSWORD }))
        .status,
    ).toBe(201);
    expect(
      (await agent.delete(`/auth/user/passkeys/${passkeyId}`)).status,
    ).toBe(200);
  });

  it("a user who must enrol a second factor can still step up by passkey, and nothing else of the passkeys", async () => {
    const user = await app.createUser();
    const { authenticator } = await withPasskey(app, user);
    app.configure({ auth: { "two-factor": { required: "everyone" } } });
    const agent = await signIn(app, user);
    expect((await agent.get("/auth/user/passkeys")).status).toBe(403);
    const options = await agent.get("/auth/passkeys/confirm/options");
    expect(options.status).toBe(200);
    expect(
      (
        await agent.post("/auth/passkeys/confirm", {
          credential: authenticator.authenticate(options.body.options),
        })
      ).status,
    ).toBe(200);
  });
});
