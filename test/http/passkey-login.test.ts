import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog, passkeys, users } from "@/db/schema";
import { PASSWORD, useTestApp } from "../support/app";
import { ORIGIN, passkeySignIn, withPasskey } from "../support/passkeys";
import { SoftwareAuthenticator } from "../support/software-authenticator";

const app = useTestApp();

const EXPIRED = "Passkey verification session expired. Please try again.";
const UNABLE = "Unable to verify passkey. Please try again.";

async function storedCounter(passkeyId: number): Promise<number> {
  const [row] = await app.database.db
    .select()
    .from(passkeys)
    .where(eq(passkeys.id, passkeyId));
  return row?.credential.counter ?? -1;
}

describe("POST /auth/passkeys/login (laravel/passkeys-server's sign-in)", () => {
  it("gives request options for discoverable credentials: empty allowCredentials, user verification required", async () => {
    const agent = app.agent();
    const response = await agent.get("/auth/passkeys/login/options");
    expect(response.status).toBe(200);
    expect(response.body.options).toMatchObject({
      rpId: "localhost",
      allowCredentials: [],
      userVerification: "required",
      timeout: 60000,
    });
    expect(response.body.options.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(agent.cookies.has("XSRF-TOKEN")).toBe(true);
  });

  it("signs the owner in on a new session, stores the counter and the use, and answers like login", async () => {
    const user = await app.createUser();
    const { authenticator, passkeyId } = await withPasskey(app, user);
    const verified = app.events("PasskeyVerified");
    const { agent, response } = await passkeySignIn(app, authenticator);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      user: { id: user.id, email: user.email },
      redirect: "/admin",
    });
    expect(response.body.user).not.toHaveProperty("password");
    expect((await agent.get("/auth/get-auth")).body).toMatchObject({
      authenticated: true,
      user: { id: user.id },
    });
    expect(await storedCounter(passkeyId)).toBe(2);
    const [row] = await app.database.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.id, passkeyId));
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
    expect(verified).toHaveLength(1);
    const events = (await app.database.db.select().from(activityLog)).map(
      (entry) => [
        entry.event,
        entry.properties?.method ?? entry.properties?.purpose ?? null,
      ],
    );
    expect(events).toEqual(
      expect.arrayContaining([
        ["passkey-used", "login"],
        ["login", "passkey"],
      ]),
    );
  });

  it("binds the challenge to the cookie a browser without one receives with the options (the official client's first call)", async () => {
    const user = await app.createUser();
    const { authenticator } = await withPasskey(app, user);
    const agent = app.agent();
    const options = (await agent.get("/auth/passkeys/login/options")).body
      .options;
    expect(agent.cookies.has("XSRF-TOKEN")).toBe(true);
    const response = await agent.post("/auth/passkeys/login", {
      credential: authenticator.authenticate(options),
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      user: { id: user.id },
    });
  });

  it("regenerates the session: the guest's cookie and CSRF token do not carry over", async () => {
    const user = await app.createUser();
    const { authenticator } = await withPasskey(app, user);
    const agent = app.agent();
    await agent.csrf();
    const before = agent.cookies.get("XSRF-TOKEN");
    const options = (await agent.get("/auth/passkeys/login/options")).body
      .options;
    await agent.post("/auth/passkeys/login", {
      credential: authenticator.authenticate(options),
      remember: true,
    });
    expect(agent.cookies.get("XSRF-TOKEN")).not.toBe(before);
  });

  it("keeps the password: the user still signs in with it", async () => {
    const user = await app.createUser();
    await withPasskey(app, user);
    const agent = app.agent();
    await agent.csrf();
    expect(
      (
        await agent.post("/auth/login", {
          email: user.email,
          password: PASSWORD,
        })
      ).status,
    ).toBe(200);
  });

  it("refuses a response made on another origin (422 on credential), and signs nobody in", async () => {
    const user = await app.createUser();
    const { authenticator } = await withPasskey(app, user);
    const { agent, response } = await passkeySignIn(app, authenticator, {
      origin: "https://evil.example",
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ credential: [UNABLE] });
    expect((await agent.get("/auth/get-auth")).body.authenticated).toBe(false);
  });

  it("refuses a response to a challenge this session was not given", async () => {
    const user = await app.createUser();
    const { authenticator } = await withPasskey(app, user);
    const { response } = await passkeySignIn(app, authenticator, {
      challenge: "bm90LXRoZS1jaGFsbGVuZ2UtdGhlLXNlcnZlci1nYXZl",
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ credential: [EXPIRED] });
  });

  it("uses a challenge once: the same assertion replayed is refused", async () => {
    const user = await app.createUser();
    const { authenticator } = await withPasskey(app, user);
    const { agent, response, credential } = await passkeySignIn(
      app,
      authenticator,
    );
    expect(response.status).toBe(200);
    await agent.post("/auth/logout");
    await agent.csrf();
    const replay = await agent.post("/auth/passkeys/login", { credential });
    expect(replay.status).toBe(422);
    expect(replay.body.errors).toEqual({ credential: [EXPIRED] });
  });

  it("binds a challenge to its session: another browser cannot answer it", async () => {
    const user = await app.createUser();
    const { authenticator } = await withPasskey(app, user);
    const victim = app.agent();
    const options = (await victim.get("/auth/passkeys/login/options")).body
      .options;
    const attacker = app.agent();
    await attacker.csrf();
    const response = await attacker.post("/auth/passkeys/login", {
      credential: authenticator.authenticate(options),
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ credential: [EXPIRED] });
  });

  it("lets a challenge expire after five minutes", async () => {
    const user = await app.createUser();
    const { authenticator } = await withPasskey(app, user);
    app.setNow(new Date());
    const agent = app.agent();
    await agent.csrf();
    const options = (await agent.get("/auth/passkeys/login/options")).body
      .options;
    app.advance(301);
    const response = await agent.post("/auth/passkeys/login", {
      credential: authenticator.authenticate(options),
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ credential: [EXPIRED] });
  });

  it("refuses a counter that goes backwards: activity log, mail to the owner, counter kept", async () => {
    const user = await app.createUser();
    const { authenticator, passkeyId } = await withPasskey(app, user);
    expect((await passkeySignIn(app, authenticator)).response.status).toBe(200);
    expect(await storedCounter(passkeyId)).toBe(2);
    const refused = app.events("PasskeyRefused");
    const { agent, response } = await passkeySignIn(app, authenticator, {
      counter: 2,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors.credential[0]).toMatch(
      /counter went backwards/,
    );
    expect((await agent.get("/auth/get-auth")).body.authenticated).toBe(false);
    expect(await storedCounter(passkeyId)).toBe(2);
    expect(refused).toHaveLength(1);
    const [entry] = await app.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, "passkey-refused"));
    expect(entry).toMatchObject({
      subjectId: user.id,
      properties: {
        passkey_id: passkeyId,
        reason: "counter",
        stored: 2,
        received: 2,
      },
    });
    const mail = await app.lastMailTo(user.email);
    expect(mail.subject).toBe("A sign-in with your passkey was refused");
    expect(mail.text).toContain("Laptop");
  });

  it("accepts authenticators that keep no counter (always 0)", async () => {
    const user = await app.createUser();
    const { authenticator } = await withPasskey(
      app,
      user,
      new SoftwareAuthenticator({
        origin: ORIGIN,
        counterStep: 0,
        backedUp: true,
      }),
    );
    expect((await passkeySignIn(app, authenticator)).response.status).toBe(200);
    expect((await passkeySignIn(app, authenticator)).response.status).toBe(200);
  });

  it("needs user verification: an assertion without the UV flag is refused", async () => {
    const user = await app.createUser();
    const { authenticator } = await withPasskey(
      app,
      user,
      new SoftwareAuthenticator({ origin: ORIGIN, userVerified: false }),
    );
    const { response } = await passkeySignIn(app, authenticator);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ credential: [UNABLE] });
  });

  it("does not know a passkey that was deleted, nor one of a deleted account", async () => {
    const user = await app.createUser();
    const { authenticator } = await withPasskey(app, user);
    await app.database.db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(eq(users.id, user.id));
    const { response } = await passkeySignIn(app, authenticator);
    expect(response.status).toBe(422);
    expect(response.body.errors.credential).toEqual([
      "Passkey not recognized. It may have been removed from your account.",
    ]);
    const stranger = new SoftwareAuthenticator({ origin: ORIGIN });
    const other = await app.createUser();
    await withPasskey(app, other, stranger);
    await app.database.db.delete(passkeys).where(eq(passkeys.userId, other.id));
    expect((await passkeySignIn(app, stranger)).response.status).toBe(422);
  });

  it("is for guests (403 when signed in), in the web group (419 without the CSRF token), throttled at 6 a minute", async () => {
    const user = await app.createUser();
    const { agent, authenticator } = await withPasskey(app, user);
    expect((await agent.get("/auth/passkeys/login/options")).status).toBe(403);
    const guest = app.agent();
    await guest.csrf();
    const options = (await guest.get("/auth/passkeys/login/options")).body
      .options;
    expect(
      (
        await guest.post(
          "/auth/passkeys/login",
          { credential: authenticator.authenticate(options) },
          { noCsrf: true },
        )
      ).status,
    ).toBe(419);
    const flood = app.agent("203.0.113.9");
    const statuses = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await flood.get("/auth/passkeys/login/options")).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });
});

describe("a passkey moved over from a Laravel database (decision record 025)", () => {
  it("signs in from a row as laravel/passkeys-server wrote it", async () => {
    const user = await app.createUser();
    const authenticator = new SoftwareAuthenticator({ origin: ORIGIN });
    const handle = Buffer.from("laravel-user-handle").toString("base64url");
    const { id } = authenticator.register({
      rp: { id: "localhost", name: "Laravel" },
      user: { id: handle, name: user.email, displayName: user.name },
      challenge: "dW51c2Vk",
      pubKeyCredParams: [{ type: "public-key", alg: -7 }],
    });
    const key = authenticator.keys.get(id);
    // webauthn-lib's PublicKeyCredentialSource JSON, as Laravel stores it (no backup flags: an older row).
    const credential = JSON.stringify({
      publicKeyCredentialId: id,
      type: "public-key",
      transports: ["internal", "hybrid"],
      attestationType: "none",
      trustPath: [],
      aaguid: "00000000-0000-0000-0000-000000000000",
      credentialPublicKey: key?.cose.toString("base64url"),
      userHandle: handle,
      counter: 1,
    });
    await app.database.db.execute(
      sql`insert into passkeys (user_id, name, credential_id, credential, created_at, updated_at) values (${user.id}, 'MacBook', ${id}, ${credential}::json, now(), now())`,
    );
    const { agent, response } = await passkeySignIn(app, authenticator);
    expect(response.status, response.text).toBe(200);
    expect((await agent.get("/auth/user/passkeys")).body.passkeys).toEqual([
      expect.objectContaining({
        name: "MacBook",
        authenticator: null,
        backed_up: false,
      }),
    ]);
    const [row] = await app.database.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.credentialId, id));
    expect(row?.credential).toMatchObject({
      counter: 2,
      userHandle: handle,
      transports: ["internal", "hybrid"],
    });
  });
});
