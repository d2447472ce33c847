import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { USER_UPDATE_ROUTE } from "@/lib/users/routes";
import {
  activityLog,
  passkeys,
  pendingUserEmails,
  personalAccessTokens,
  sessions,
  users,
} from "@/db/schema";
import { verifyPassword } from "@/lib/auth/passwords";
import { openSession } from "@/lib/server/pipeline";
import { authorizeAt } from "@/e2e/support/fake-oidc";
import type { Agent } from "../support/agent";
import { signIn, useTestApp } from "../support/app";
import { useAcmeProvider } from "../support/social";
import { createToken } from "../support/tokens";
import { confirmPassword, enrol } from "../support/two-factor";
import { passkeySignIn, withPasskey } from "../support/passkeys";

const app = useTestApp();
const acme = useAcmeProvider(app, {
  sub: "42",
  email: "Person@Example.com",
  email_verified: true,
  name: "Provider Person",
});

/** Our redirect → the provider (a real HTTP round trip) → the callback URL it sends the browser to. */
async function visitProvider(agent: Agent): Promise<URL> {
  const start = await agent.get("/auth/social/acme/redirect", {
    asJson: false,
  });
  expect(start.status).toBe(302);
  return authorizeAt(start.headers.get("location") ?? "");
}

async function completeSignIn(
  agent: Agent,
  options: { asJson?: boolean } = {},
) {
  const back = await visitProvider(agent);
  return agent.get(`${back.pathname}${back.search}`, {
    asJson: options.asJson ?? false,
  });
}

/** The `error` flashed for the next request, read the way that request will read it. */
async function flashedError(agent: Agent): Promise<unknown> {
  const name = app.services.env.SESSION_COOKIE;
  const cookie = `${name}=${encodeURIComponent(agent.cookies.get(name) ?? "")}`;
  return (
    await openSession(
      new Request(app.services.env.APP_URL, { headers: { cookie } }),
      app.services,
    )
  ).flashed("error");
}

async function expectGuest(agent: Agent) {
  expect((await agent.get("/auth/get-auth")).body).toMatchObject({
    authenticated: false,
    user: null,
  });
}

async function expectFailure(
  agent: Agent,
  response: Awaited<ReturnType<Agent["get"]>>,
  message: string,
) {
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/auth/login");
  expect(await flashedError(agent)).toBe(message);
  await expectGuest(agent);
}

describe("GET /auth/social/{provider}/callback", () => {
  it("signs into the account with the provider's email, case-insensitively (contract §4 rule 6)", async () => {
    const user = await app.createUser({
      email: "person@example.com",
      name: "Local Name",
    });
    const agent = app.agent();
    const response = await completeSignIn(agent);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin");
    expect(
      response.setCookies.find((c) => c.startsWith("auth_social_state=")),
    ).toMatch(/Max-Age=0/);
    const auth = await agent.get("/auth/get-auth");
    expect(auth.body).toMatchObject({
      authenticated: true,
      user: { id: user.id, email: "person@example.com", name: "Local Name" },
    });
    expect(await app.database.db.select().from(users)).toHaveLength(1);
    const [entry] = await app.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, "login"));
    expect(entry).toMatchObject({
      subjectId: user.id,
      properties: { provider: "acme" },
    });
    expect(app.events("Registered")).toHaveLength(0);
  });

  it("creates the account when none has the email: verified, named by the provider, Registered fired", async () => {
    const registered = app.events("Registered");
    const agent = app.agent();
    const response = await completeSignIn(agent, { asJson: true });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      user: expect.objectContaining({
        email: "Person@Example.com",
        name: "Provider Person",
      }),
    });
    const [created] = await app.database.db.select().from(users);
    expect(created?.emailVerifiedAt).toBeInstanceOf(Date);
    // A random password nobody knows, hashed like any other.
    expect(created?.password).toMatch(/^\$2y\$04\$/);
    expect(await verifyPassword("", created?.password ?? "")).toBe(false);
    expect(registered.map((event) => event.user.id)).toEqual([created?.id]);
    const auth = await agent.get("/auth/get-auth");
    expect(auth.body).toMatchObject({
      authenticated: true,
      verified: true,
      user: { id: created?.id },
    });
  });

  it("creates an unverified account, and mails the verification link, when the provider has not verified the email", async () => {
    acme.provider.setUser({
      sub: "7",
      email: "new@example.com",
      email_verified: false,
      name: null,
    });
    const agent = app.agent();
    expect((await completeSignIn(agent)).status).toBe(302);
    const [created] = await app.database.db.select().from(users);
    expect(created).toMatchObject({
      email: "new@example.com",
      name: "new",
      emailVerifiedAt: null,
    });
    expect((await app.lastMailTo("new@example.com")).text).toContain(
      "/auth/email/verify/",
    );
    expect((await agent.get("/auth/get-auth")).body).toMatchObject({
      authenticated: true,
      verified: false,
    });
  });

  it("does not sign into an existing account with an email the provider has not verified", async () => {
    await app.createUser({ email: "person@example.com" });
    acme.provider.setUser({
      sub: "42",
      email: "person@example.com",
      email_verified: false,
    });
    const agent = app.agent();
    await expectFailure(
      agent,
      await completeSignIn(agent),
      "The provider has not verified this email address. Sign in with your password instead.",
    );
  });

  it("enters an existing account whose address was never verified, and takes it from whoever registered it (contract §4 rule 6, record 007)", async () => {
    const squatter = await app.createUser({
      email: "person@example.com",
      emailVerifiedAt: null,
      password: "squatters-password",
    });
    const squatterBrowser = await signIn(app, squatter, "squatters-password");
    const token = await createToken(app, squatter.email, {
      password: "squatters-password",
    });
    await confirmPassword(squatterBrowser, "squatters-password"); // a new address needs the step-up (decision record 024)
    const change = await squatterBrowser.put(
      "/api/app/user/update",
      { user_id: squatter.id, email: "squatter@example.net" },
      { host: USER_UPDATE_ROUTE },
    );
    expect(change.body.user).toMatchObject({
      pending_email: "squatter@example.net",
    });
    const verified = app.events("Verified");
    app.setNow(new Date("2026-11-25T07:00:00Z"));
    const owner = app.agent("203.0.113.9");
    const response = await completeSignIn(owner);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin");
    expect((await owner.get("/auth/get-auth")).body).toMatchObject({
      authenticated: true,
      verified: true,
      user: { id: squatter.id },
    });

    const [after] = await app.database.db.select().from(users);
    expect(after?.emailVerifiedAt).toEqual(new Date("2026-11-25T07:00:00Z"));
    expect(after?.password).toMatch(/^\$2y\$04\$/);
    expect(after?.password).not.toBe(squatter.password);
    expect(verified.map((event) => event.user.id)).toEqual([squatter.id]);
    // The squatter's password, session and token are gone.
    const login = app.agent();
    await login.csrf();
    const refused = await login.post("/auth/login", {
      email: squatter.email,
      password: "squatters-password",
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      email: ["These credentials do not match our records."],
    });
    expect((await squatterBrowser.get("/auth/get-auth")).body).toMatchObject({
      authenticated: false,
    });
    expect(
      (await app.agent().get("/auth/get-auth", { bearer: token })).body,
    ).toMatchObject({ authenticated: false });
    expect(await app.database.db.select().from(personalAccessTokens)).toEqual(
      [],
    );
    expect(
      (await app.database.db.select().from(sessions)).map((row) => row.userId),
    ).toEqual([squatter.id]);
    // The address change the squatter asked for is withdrawn (decision record 012).
    expect(await app.database.db.select().from(pendingUserEmails)).toEqual([]);
    expect(
      (await owner.get("/auth/get-auth")).body.user.pending_email,
    ).toBeNull();
    // Recorded, and the owner told, in the request's language.
    const [claimed] = await app.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, "account-claimed"));
    expect(claimed).toMatchObject({
      subjectId: squatter.id,
      properties: { ip: "203.0.113.9", provider: "acme", tokens: 1 },
    });
    // The new-device mail follows it (decision record 095): the registrant's device was the one known.
    const mails = (await app.mail()).filter((mail) =>
      mail.to.includes("person@example.com"),
    );
    expect(mails.map((mail) => mail.subject)).toEqual([
      "Your account was signed into with acme",
      "Your account was signed in from a new device",
    ]);
    const [notice] = mails;
    if (!notice) throw new Error("no notice");
    expect(notice.text).toContain("we removed the password");
    expect(notice.text).toContain("2026-11-25T07:00:00.000Z");
    expect(notice.text).toContain("http://localhost:3000/auth/forgot-password");
  });

  it("takes a squatted account back whole: the squatter's passkey and second factor go too, and the owner meets no challenge (decision record 028)", async () => {
    // Without must-verify-email, the squatter could add both before the owner came.
    app.configure({
      auth: { "must-verify-email": false },
      services: {
        acme: acme.provider.serviceEntry("/auth/social/acme/callback"),
      },
    });
    const now = new Date();
    app.setNow(now);
    const squatter = await app.createUser({
      email: "person@example.com",
      emailVerifiedAt: null,
    });
    const { authenticator } = await withPasskey(app, squatter);
    await enrol(app, squatter, now);
    const owner = app.agent("203.0.113.9");
    const response = await completeSignIn(owner);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin");
    expect((await owner.get("/auth/get-auth")).body).toMatchObject({
      authenticated: true,
      user: { id: squatter.id },
    });
    expect(await app.database.db.select().from(passkeys)).toEqual([]);
    const [row] = await app.database.db.select().from(users);
    expect(row?.twoFactorSecret).toBeNull();
    expect((await passkeySignIn(app, authenticator)).response.status).toBe(422);
    const [claimed] = await app.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, "account-claimed"));
    expect(claimed?.properties).toMatchObject({
      taken_back: { passkeys: 1, two_factor: true },
    });
  });

  it("leaves a claimed account sane: create-token and update-password refuse the removed password with 422, forgot-password sets a new one", async () => {
    const squatter = await app.createUser({
      email: "person@example.com",
      emailVerifiedAt: null,
      password: "squatters-password",
    });
    const owner = app.agent();
    expect((await completeSignIn(owner)).status).toBe(302);
    const creating = app.agent();
    await creating.csrf();
    const token = await creating.post("/auth/create-token", {
      email: squatter.email,
      password: "squatters-password",
      name: "ci",
    });
    expect(token.status).toBe(422);
    expect(token.body.errors).toEqual({
      email: ["These credentials do not match our records."],
    });
    const change = await owner.post("/auth/update-password", {
      old_password: "squatters-password",
      password: "owners-new-password",
      password_confirmation: "owners-new-password",
    });
    expect(change.status).toBe(422);
    expect(change.body.errors).toEqual({
      old_password: ["The password is incorrect."],
    });
    expect(
      (await owner.post("/auth/forgot-password", { email: squatter.email }))
        .status,
    ).toBe(403);
    const guest = app.agent();
    await guest.csrf();
    expect(
      (await guest.post("/auth/forgot-password", { email: squatter.email }))
        .status,
    ).toBe(200);
    expect((await app.lastMailTo(squatter.email)).subject).toBe(
      "Reset Password Notification",
    );
  });

  it("mails the notice in Spanish to a Spanish browser", async () => {
    await app.createUser({
      email: "person@example.com",
      emailVerifiedAt: null,
    });
    const owner = app.agent();
    const back = await visitProvider(owner);
    expect(
      (
        await owner.get(`${back.pathname}${back.search}`, {
          asJson: false,
          headers: { "accept-language": "es" },
        })
      ).status,
    ).toBe(302);
    expect((await app.lastMailTo("person@example.com")).subject).toBe(
      "Se inició sesión en tu cuenta con acme",
    );
  });

  it("never enters an existing unverified account for an email the provider has not verified: the account is untouched", async () => {
    const squatter = await app.createUser({
      email: "person@example.com",
      emailVerifiedAt: null,
      password: "squatters-password",
    });
    const token = await createToken(app, squatter.email, {
      password: "squatters-password",
    });
    acme.provider.setUser({
      sub: "42",
      email: "person@example.com",
      email_verified: false,
    });
    const agent = app.agent();
    await expectFailure(
      agent,
      await completeSignIn(agent),
      "The provider has not verified this email address. Sign in with your password instead.",
    );
    const [after] = await app.database.db.select().from(users);
    expect(after).toMatchObject({
      id: squatter.id,
      emailVerifiedAt: null,
      password: squatter.password,
    });
    expect(
      await app.database.db.select().from(personalAccessTokens),
    ).toHaveLength(1);
    expect(
      (await app.agent().get("/auth/get-auth", { bearer: token })).body,
    ).toMatchObject({ authenticated: true });
    expect(
      await app.database.db
        .select()
        .from(activityLog)
        .where(eq(activityLog.event, "account-claimed")),
    ).toEqual([]);
    // Only the notice of the token made above: the callback mailed nobody.
    expect((await app.mail()).map((mail) => mail.subject)).toEqual([
      "A new way to sign in was added to your account",
    ]);
  });

  it("enters an account already verified without touching its password, sessions or tokens", async () => {
    const user = await app.createUser({ email: "person@example.com" });
    const browser = await signIn(app, user);
    const token = await createToken(app, user.email);
    expect((await completeSignIn(app.agent())).status).toBe(302);
    const [after] = await app.database.db.select().from(users);
    expect(after?.password).toBe(user.password);
    expect((await browser.get("/auth/get-auth")).body).toMatchObject({
      authenticated: true,
    });
    expect(
      (await app.agent().get("/auth/get-auth", { bearer: token })).body,
    ).toMatchObject({ authenticated: true });
    // Only the notice of the token made above: the callback mailed nobody.
    expect((await app.mail()).map((mail) => mail.subject)).toEqual([
      "A new way to sign in was added to your account",
    ]);
  });

  it("regenerates the session: a new session cookie and XSRF token (contract §3 Session)", async () => {
    const agent = app.agent();
    await agent.csrf();
    const before = {
      session: agent.cookies.get("auth_session"),
      xsrf: agent.cookies.get("XSRF-TOKEN"),
    };
    await completeSignIn(agent);
    expect(agent.cookies.get("auth_session")).not.toBe(before.session);
    expect(agent.cookies.get("XSRF-TOKEN")).not.toBe(before.xsrf);
  });

  it("goes back to the login screen with the error flashed when the state does not match", async () => {
    const agent = app.agent();
    const back = await visitProvider(agent);
    back.searchParams.set("state", "forged-state-value");
    const response = await agent.get(`${back.pathname}${back.search}`, {
      asJson: false,
    });
    await expectFailure(
      agent,
      response,
      "The sign-in request has expired or is invalid. Please try again.",
    );
    expect(await app.database.db.select().from(users)).toHaveLength(0);
    // The state is spent by a failed callback too.
    expect(
      response.setCookies.find((c) => c.startsWith("auth_social_state=")),
    ).toMatch(/Max-Age=0/);
  });

  it("answers 422 on state for a JSON request whose state does not match", async () => {
    const agent = app.agent();
    const back = await visitProvider(agent);
    back.searchParams.delete("state");
    const response = await agent.get(`${back.pathname}${back.search}`);
    expect(response.status).toBe(422);
    expect(
      response.setCookies.find((c) => c.startsWith("auth_social_state=")),
    ).toMatch(/Max-Age=0/);
    expect(response.body).toEqual({
      message:
        "The sign-in request has expired or is invalid. Please try again.",
      errors: {
        state: [
          "The sign-in request has expired or is invalid. Please try again.",
        ],
      },
    });
  });

  it("refuses a callback opened in another browser (no state cookie)", async () => {
    const back = await visitProvider(app.agent());
    const other = app.agent();
    await expectFailure(
      other,
      await other.get(`${back.pathname}${back.search}`, { asJson: false }),
      "The sign-in request has expired or is invalid. Please try again.",
    );
  });

  it("refuses a state older than ten minutes", async () => {
    app.setNow(new Date("2026-11-22T10:00:00Z"));
    const agent = app.agent();
    const back = await visitProvider(agent);
    app.advance(601);
    await expectFailure(
      agent,
      await agent.get(`${back.pathname}${back.search}`, { asJson: false }),
      "The sign-in request has expired or is invalid. Please try again.",
    );
  });

  it("reports the provider's error parameter (the person declined)", async () => {
    acme.provider.refuseNextAuthorization("access_denied");
    const agent = app.agent();
    const back = await visitProvider(agent);
    expect(back.searchParams.get("error")).toBe("access_denied");
    await expectFailure(
      agent,
      await agent.get(`${back.pathname}${back.search}`, { asJson: false }),
      "The sign-in was cancelled or refused by the provider.",
    );
  });

  it("fails cleanly without a code", async () => {
    const agent = app.agent();
    const back = await visitProvider(agent);
    back.searchParams.delete("code");
    const response = await agent.get(`${back.pathname}${back.search}`);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      code: ["The sign-in with the provider failed. Please try again."],
    });
  });

  it("fails cleanly, never a 500, when the provider refuses the code", async () => {
    const agent = app.agent();
    const back = await visitProvider(agent);
    back.searchParams.set("code", "not-a-code-it-issued");
    await expectFailure(
      agent,
      await agent.get(`${back.pathname}${back.search}`, { asJson: false }),
      "The sign-in with the provider failed. Please try again.",
    );
  });

  it("fails cleanly when the client secret is wrong", async () => {
    app.configure({
      services: {
        acme: acme.provider.serviceEntry("/auth/social/acme/callback", {
          client_secret: "wrong",
        }),
      },
    });
    const agent = app.agent();
    const response = await completeSignIn(agent, { asJson: true });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      code: ["The sign-in with the provider failed. Please try again."],
    });
    await expectGuest(agent);
  });

  it("does not sign in twice with one callback URL (the code is spent)", async () => {
    const agent = app.agent();
    const back = await visitProvider(agent);
    const copy = app.agent();
    for (const [name, value] of agent.cookies) copy.cookies.set(name, value);
    expect((await agent.get(`${back.pathname}${back.search}`)).status).toBe(
      200,
    );
    const replay = await copy.get(`${back.pathname}${back.search}`);
    expect(replay.status).toBe(422);
    await expectGuest(copy);
  });

  it("fails cleanly when the provider cannot be reached", async () => {
    app.configure({
      services: {
        acme: acme.provider.serviceEntry("/auth/social/acme/callback", {
          token_endpoint: "http://127.0.0.1:1/token",
        }),
      },
    });
    const agent = app.agent();
    expect((await completeSignIn(agent, { asJson: true })).status).toBe(422);
  });

  it("gives a clear error, and no account, when the provider shares no email", async () => {
    acme.provider.setUser({ sub: "9", email: null, name: "No Mail" });
    const agent = app.agent();
    await expectFailure(
      agent,
      await completeSignIn(agent),
      "The provider did not share an email address.",
    );
    expect(await app.database.db.select().from(users)).toHaveLength(0);
  });

  it("does not create an account when registration is closed (403 for JSON)", async () => {
    app.configure({
      auth: { "allow-registration": false },
      services: {
        acme: acme.provider.serviceEntry("/auth/social/acme/callback"),
      },
    });
    const response = await completeSignIn(app.agent(), { asJson: true });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: "Registration is closed." });
    expect(await app.database.db.select().from(users)).toHaveLength(0);
  });

  it("answers 404 for a provider without an entry (contract §7)", async () => {
    const response = await app
      .agent()
      .get("/auth/social/other/callback?code=x&state=y", { asJson: false });
    expect(response.status).toBe(404);
  });

  it("is for guests only (contract §4 middleware guest)", async () => {
    const agent = await signIn(app, await app.createUser());
    const back = await visitProvider(app.agent());
    const response = await agent.get(`${back.pathname}${back.search}`);
    expect(response.status).toBe(403);
  });
});
