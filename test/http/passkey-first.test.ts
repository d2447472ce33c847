import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { passkeys, users } from "@/db/schema";
import {
  checkCredentials,
  hasUsablePassword,
  unusablePasswordHash,
} from "@/lib/auth/passwords";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import type { Agent } from "../support/agent";
import {
  CHROMIUM_AAGUID,
  ORIGIN,
  passkeySignIn,
  withPasskey,
} from "../support/passkeys";
import { linkIn } from "../support/session";
import { SoftwareAuthenticator } from "../support/software-authenticator";
import { stepUp } from "../support/two-factor";

const app = useTestApp();
const EMAIL = "pia.first@example.com";
const authenticatorFor = () =>
  new SoftwareAuthenticator({ origin: ORIGIN, aaguid: CHROMIUM_AAGUID });

async function guest(ip?: string) {
  const agent = app.agent(ip);
  await agent.csrf();
  return agent;
}

/** The passkey-first registration as the register screen runs it: options, then the attestation. */
async function registerWithPasskey(
  fields: { name?: string; email?: string; remember?: boolean } = {},
  authenticator = authenticatorFor(),
  agent?: Agent,
) {
  const session = agent ?? (await guest());
  const who = {
    name: fields.name ?? "Pia First",
    email: fields.email ?? EMAIL,
  };
  const options = await session.post("/auth/register/passkey/options", who);
  if (options.status !== 200)
    return { agent: session, authenticator, options, response: options };
  const credential = authenticator.register(options.body.options);
  const response = await session.post("/auth/register/passkey", {
    ...who,
    credential,
    ...(fields.remember === undefined ? {} : { remember: fields.remember }),
  });
  return { agent: session, authenticator, options, response, credential };
}

/** forgot-password, then the link's token and address to reset-password (contract §4 rule 8). */
async function resetThroughTheMailbox() {
  await (await guest()).post("/auth/forgot-password", { email: EMAIL });
  const [token = "", email = ""] = linkIn((await app.lastMailTo(EMAIL)).text)
    .pathname.split("/")
    .slice(-2);
  return (await guest()).post("/auth/reset-password", {
    token: decodeURIComponent(token),
    email: decodeURIComponent(email),
    password: "a-brand-new-password",
    password_confirmation: "a-brand-new-password",
  });
}

/** The step-up by the account's passkey (POST passkeys/confirm). */
async function confirmWithPasskey(
  agent: Agent,
  authenticator: SoftwareAuthenticator,
) {
  const options = (await agent.get("/auth/passkeys/confirm/options")).body
    .options;
  const confirmed = await agent.post("/auth/passkeys/confirm", {
    credential: authenticator.authenticate(options),
  });
  expect(confirmed.status).toBe(200);
}

const rowOf = async (email: string) =>
  (await app.database.db.select().from(users).where(eq(users.email, email)))[0];

describe("passkey-first registration (POST register/passkey/options, register/passkey; decision record 107)", () => {
  it("creates the account with the passkey bound to it and no usable password, signs it in, and mails the verification link", async () => {
    const registered = app.events("Registered");
    const { agent, options, response, credential } =
      await registerWithPasskey();
    expect(options.body.options).toMatchObject({
      rp: { id: "localhost" },
      user: { name: EMAIL, displayName: "Pia First" },
      authenticatorSelection: {
        residentKey: "required",
        userVerification: "required",
      },
      excludeCredentials: [],
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      success: true,
      user: expect.objectContaining({ name: "Pia First", email: EMAIL }),
    });
    const row = await rowOf(EMAIL);
    expect(row && hasUsablePassword(row.password)).toBe(false);
    expect(row?.password).toMatch(/^\$2y\$04\$/);
    const stored = await app.database.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.userId, row?.id ?? 0));
    expect(stored.map((p) => [p.credentialId, p.name])).toEqual([
      [credential?.id, "Chromium Browser"],
    ]);
    expect(stored[0]?.credential.userHandle).toBe(options.body.options.user.id);
    expect(registered.map((event) => event.user.id)).toEqual([row?.id]);
    expect((await agent.get("/auth/get-auth")).body).toMatchObject({
      authenticated: true,
      verified: false,
    });
    expect((await app.lastMailTo(EMAIL)).text).toMatch(
      /\/auth\/email\/verify\//,
    );
  });

  it("signs in again with the passkey it registered, as both factors", async () => {
    const { authenticator } = await registerWithPasskey();
    const { response } = await passkeySignIn(app, authenticator);
    expect(response.status, response.text).toBe(200);
    expect(response.body.user.email).toBe(EMAIL);
  });

  it("refuses the password sign-in with register's 422, at the cost of a wrong password's check", async () => {
    await registerWithPasskey();
    const row = await rowOf(EMAIL);
    for (const password of ["", PASSWORD, "NO.PASSWORD.SET.SEE.RECORD.107."]) {
      const response = await (
        await guest()
      ).post("/auth/login", { email: EMAIL, password });
      expect(response.status).toBe(422);
    }
    const before = app.services.reportedUnreadableHashes.size;
    const ctx = { config: app.services.config, services: app.services };
    expect(await checkCredentials(ctx, row, "anything")).toBe(false);
    // A real bcrypt hash: checked like any account's, never reported as unreadable.
    expect(app.services.reportedUnreadableHashes.size).toBe(before);
  });

  it("answers a taken address as register does (422 on email), at the options already, and adds nothing to that account", async () => {
    const owner = await app.createUser({ email: "taken@example.com" });
    const { response } = await registerWithPasskey({
      email: "TAKEN@example.com",
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      email: ["The email has already been taken."],
    });
    const registerAnswer = await (
      await guest()
    ).post("/auth/register", {
      name: "X",
      email: "taken@example.com",
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(registerAnswer.body.errors.email).toEqual(
      response.body.errors.email,
    );
    expect(
      await app.database.db
        .select()
        .from(passkeys)
        .where(eq(passkeys.userId, owner.id)),
    ).toEqual([]);
  });

  it("refuses an address taken between the options and the attestation, and keeps nothing of the ceremony", async () => {
    const agent = await guest();
    const who = { name: "Pia", email: EMAIL };
    const options = await agent.post("/auth/register/passkey/options", who);
    const credential = authenticatorFor().register(options.body.options);
    await app.createUser({ email: EMAIL });
    const response = await agent.post("/auth/register/passkey", {
      ...who,
      credential,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toHaveProperty("email");
    expect(await app.database.db.select().from(passkeys)).toEqual([]);
  });

  it("binds the attestation to the address the options were made for (422 on credential for another)", async () => {
    const agent = await guest();
    const options = await agent.post("/auth/register/passkey/options", {
      name: "Pia",
      email: EMAIL,
    });
    const credential = authenticatorFor().register(options.body.options);
    const response = await agent.post("/auth/register/passkey", {
      name: "Pia",
      email: "someone.else@example.com",
      credential,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toHaveProperty("credential");
    expect(await rowOf("someone.else@example.com")).toBeUndefined();
  });

  it("refuses a challenge of another session, a replayed one, a signed-in user's, and a passkey without user verification", async () => {
    const { options } = await registerWithPasskey({ email: "a@example.com" });
    const other = await guest();
    const stolen = authenticatorFor().register(options.body.options);
    const replayed = await other.post("/auth/register/passkey", {
      name: "Pia",
      email: "a@example.com",
      credential: stolen,
    });
    expect(replayed.status).toBe(422);
    const unverified = await registerWithPasskey(
      { email: "b@example.com" },
      new SoftwareAuthenticator({ origin: ORIGIN, userVerified: false }),
    );
    expect(unverified.response.status).toBe(422);
    expect(unverified.response.body.errors).toHaveProperty("credential");
    expect(await rowOf("b@example.com")).toBeUndefined();
    const signedIn = await signIn(app, await app.createUser());
    expect(
      (
        await signedIn.post("/auth/register/passkey/options", {
          name: "X",
          email: "c@example.com",
        })
      ).status,
    ).not.toBe(200);
  });

  it("refuses the same authenticator's passkey for a second account, and creates no account for it", async () => {
    const authenticator = authenticatorFor();
    const first = await registerWithPasskey(
      { email: "one@example.com" },
      authenticator,
    );
    const agent = await guest();
    const who = { name: "Two", email: "two@example.com" };
    const options = await agent.post("/auth/register/passkey/options", who);
    const credential = authenticator.register(options.body.options);
    const response = await agent.post("/auth/register/passkey", {
      ...who,
      // "none" attestation signs nothing: the first attestation's key, in this ceremony's answer.
      credential: {
        ...credential,
        response: {
          ...credential.response,
          attestationObject: first.credential?.response.attestationObject,
        },
      },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      credential: ["This passkey is already registered."],
    });
    expect(await rowOf("two@example.com")).toBeUndefined();
  });

  it("is refused like register when registration is closed (403 before any field is read)", async () => {
    app.configure({ auth: { "allow-registration": false } });
    const agent = await guest();
    expect(
      (await agent.post("/auth/register/passkey/options", {})).status,
    ).toBe(403);
    expect((await agent.post("/auth/register/passkey", {})).status).toBe(403);
  });

  it("validates who registers with one 422, and never answers 500 to a malformed credential", async () => {
    const agent = await guest();
    const bad = await agent.post("/auth/register/passkey/options", {
      name: "",
      email: "nope",
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["email", "name"]);
    const malformed = await agent.post("/auth/register/passkey", {
      name: "Pia",
      email: EMAIL,
      credential: { id: "x" },
    });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors).toHaveProperty(["credential.rawId"]);
  });

  it("is throttled by register's limiter (throttle:register), options and attestation alike", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push(
        (
          await (
            await guest("203.0.113.9")
          ).post("/auth/register/passkey/options", {
            name: "Pia",
            email: `p${i}@example.com`,
          })
        ).status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("on a password reset the account gets a password, and its passkey stays once the address was proven", async () => {
    const { agent } = await registerWithPasskey();
    await agent.get(
      linkIn((await app.lastMailTo(EMAIL)).text).pathname +
        linkIn((await app.lastMailTo(EMAIL)).text).search,
    );
    expect((await rowOf(EMAIL))?.emailVerifiedAt).not.toBeNull();
    const reset = await resetThroughTheMailbox();
    expect(reset.status, reset.text).toBe(200);
    const row = await rowOf(EMAIL);
    expect(row && hasUsablePassword(row.password)).toBe(true);
    expect(
      (
        await (
          await guest()
        ).post("/auth/login", {
          email: EMAIL,
          password: "a-brand-new-password",
        })
      ).status,
    ).toBe(200);
    expect(await app.database.db.select().from(passkeys)).toHaveLength(1);
  });

  it("a reset through the mailbox of an address never proven ends the registrant's passkey (the ledger's address-claimed)", async () => {
    await registerWithPasskey();
    const reset = await resetThroughTheMailbox();
    expect(reset.status, reset.text).toBe(200);
    expect(await app.database.db.select().from(passkeys)).toEqual([]);
  });
});

describe("an account without a password (decision record 107)", () => {
  it("says so to the screens: GET user/sign-in-methods", async () => {
    const { agent } = await registerWithPasskey();
    expect((await agent.get("/auth/user/sign-in-methods")).body).toEqual({
      password: false,
      passkey_offer: false,
      passkey: true,
      providers: [],
    });
  });

  it("tells the step-up dialog it has neither a password nor a passkey, where confirm-password can never succeed (decision record 111)", async () => {
    app.configure({ auth: { features: { passwordless: true } } });
    const user = await app.createUser();
    await app.database.db
      .update(users)
      .set({ password: await unusablePasswordHash(4) })
      .where(eq(users.id, user.id));
    const agent = await guest();
    await agent.post("/auth/passwordless", { email: user.email });
    const code = /code is (\d{6})/.exec(
      (await app.lastMailTo(user.email)).text,
    )?.[1];
    const signedIn = await agent.post("/auth/passwordless/verify", {
      email: user.email,
      code,
    });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect((await agent.get("/auth/user/sign-in-methods")).body).toEqual({
      password: false,
      passkey_offer: false,
      passkey: false,
      providers: [],
    });
    const refused = await agent.post("/auth/user/confirm-password", {
      password: PASSWORD,
    });
    expect(refused.status).toBe(422);
  });

  it("sets a first password behind the step-up a passkey confirms, without a current one", async () => {
    app.configure({ auth: { "must-verify-email": false } });
    const { agent, authenticator } = await registerWithPasskey();
    const body = {
      password: "a-first-password",
      password_confirmation: "a-first-password",
    };
    // Signed in by the registration's passkey a moment ago, but not confirmed: the step-up first.
    expect((await agent.post("/auth/user/set-password", body)).status).toBe(
      423,
    );
    await confirmWithPasskey(agent, authenticator);
    const set = await agent.post("/auth/user/set-password", body);
    expect(set.status, set.text).toBe(200);
    expect(set.body).toEqual({ success: true, message: "Password set." });
    expect((await agent.get("/auth/get-auth")).body.authenticated).toBe(true);
    expect((await agent.get("/auth/user/sign-in-methods")).body.password).toBe(
      true,
    );
    expect(
      (
        await (
          await guest()
        ).post("/auth/login", { email: EMAIL, password: "a-first-password" })
      ).status,
    ).toBe(200);
    // Once it has one, the password is changed with the current one: update-password.
    const again = await agent.post("/auth/user/set-password", body);
    expect(again.status).toBe(422);
    expect(again.body.errors).toHaveProperty("password");
    expect((await app.lastMailTo(EMAIL)).text).toContain(
      "A password was set for your account",
    );
  });

  it("refuses set-password to an unproven address while must-verify-email is on (nothing added before the owner is proven)", async () => {
    const { agent, authenticator } = await registerWithPasskey();
    await confirmWithPasskey(agent, authenticator);
    const response = await agent.post("/auth/user/set-password", {
      password: "a-first-password",
      password_confirmation: "a-first-password",
    });
    expect(response.status).toBe(403);
  });

  it("cannot delete its last passkey (a clear 422), and can once it has another way in", async () => {
    app.configure({ auth: { "must-verify-email": false } });
    const { agent, authenticator } = await registerWithPasskey();
    await confirmWithPasskey(agent, authenticator);
    const [only] = (await agent.get("/auth/user/passkeys")).body.passkeys;
    const refused = await agent.delete(`/auth/user/passkeys/${only.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      passkey: [
        "This passkey is the only way into your account. Set a password or add another passkey first.",
      ],
    });
    expect(await app.database.db.select().from(passkeys)).toHaveLength(1);
    await agent.post("/auth/user/set-password", {
      password: "a-first-password",
      password_confirmation: "a-first-password",
    });
    expect((await agent.delete(`/auth/user/passkeys/${only.id}`)).status).toBe(
      200,
    );
  });

  it("an account with a password still deletes its last passkey", async () => {
    const user = await app.createUser();
    const { agent, passkeyId } = await withPasskey(app, user);
    await stepUp(agent);
    expect(
      (await agent.delete(`/auth/user/passkeys/${passkeyId}`)).status,
    ).toBe(200);
  });
});

describe("the offer to add a passkey (decision record 107)", () => {
  it("is made after a password sign-in to an account without a passkey, until dismissed — on every browser", async () => {
    const user = await app.createUser();
    const agent = await signIn(app, user);
    expect((await agent.get("/auth/user/sign-in-methods")).body).toEqual({
      password: true,
      passkey_offer: true,
      passkey: false,
      providers: [],
    });
    expect((await agent.delete("/auth/user/passkey-offer")).status).toBe(204);
    expect(
      (await agent.get("/auth/user/sign-in-methods")).body.passkey_offer,
    ).toBe(false);
    const elsewhere = await signIn(app, user);
    expect(
      (await elsewhere.get("/auth/user/sign-in-methods")).body.passkey_offer,
    ).toBe(false);
  });

  it("is not made to an account with a passkey, nor after a passkey sign-in", async () => {
    const user = await app.createUser();
    const { agent, authenticator } = await withPasskey(app, user);
    expect(
      (await agent.get("/auth/user/sign-in-methods")).body.passkey_offer,
    ).toBe(false);
    const { agent: byPasskey } = await passkeySignIn(app, authenticator);
    expect(
      (await byPasskey.get("/auth/user/sign-in-methods")).body.passkey_offer,
    ).toBe(false);
  });

  it("is a signed-in session's: a guest is refused", async () => {
    const agent = await guest();
    expect((await agent.get("/auth/user/sign-in-methods")).status).toBe(401);
    expect((await agent.delete("/auth/user/passkey-offer")).status).toBe(401);
  });
});
