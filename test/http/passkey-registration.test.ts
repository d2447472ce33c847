import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog, passkeys, type User } from "@/db/schema";
import { signIn, useTestApp } from "../support/app";
import { CHROMIUM_AAGUID, ORIGIN, withPasskey } from "../support/passkeys";
import { SoftwareAuthenticator } from "../support/software-authenticator";
import { stepUp } from "../support/two-factor";

const app = useTestApp();

/** A signed-in session past the step-up a new way in needs (decision record 028). */
async function signedIn(user: User) {
  const agent = await signIn(app, user);
  await stepUp(agent);
  return agent;
}

describe("passkey registration (laravel/passkeys-server's user/passkeys routes)", () => {
  it("gives options: relying party from APP_URL, a stable user handle, resident key and user verification preferred", async () => {
    const user = await app.createUser({ name: "Ada" });
    const agent = await signedIn(user);
    const first = await agent.get("/auth/user/passkeys/options");
    expect(first.status).toBe(200);
    const { options } = first.body;
    expect(options.rp).toEqual({ id: "localhost", name: "localhost" });
    expect(options.user).toMatchObject({
      name: user.email,
      displayName: "Ada",
    });
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: "preferred",
      userVerification: "preferred",
    });
    expect(options.pubKeyCredParams.map((p: { alg: number }) => p.alg)).toEqual(
      [-7, -257],
    );
    expect(options.excludeCredentials).toEqual([]);
    expect(options.attestation).toBe("none");
    const second = (await agent.get("/auth/user/passkeys/options")).body
      .options;
    expect(second.user.id).toBe(options.user.id);
    expect(second.challenge).not.toBe(options.challenge);
  });

  it("names the relying party with passkeys.relying-party-name when it is set (decision record 070)", async () => {
    app.configure({
      auth: { passkeys: { "relying-party-name": "Acme Accounts" } },
    });
    const agent = await signedIn(await app.createUser());
    const { options } = (await agent.get("/auth/user/passkeys/options")).body;
    expect(options.rp).toEqual({ id: "localhost", name: "Acme Accounts" });
  });

  it("stores the passkey in laravel/passkeys-server's columns and lists it with its authenticator's name", async () => {
    const user = await app.createUser();
    const registered = app.events("PasskeyRegistered");
    const { agent, credentialId, passkeyId } = await withPasskey(
      app,
      user,
      undefined,
      await signedIn(user),
    );
    const [row] = await app.database.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.id, passkeyId));
    expect(row).toMatchObject({
      userId: user.id,
      name: "Laptop",
      credentialId,
    });
    expect(Object.keys(row?.credential ?? {}).sort()).toEqual(
      [
        "aaguid",
        "attestationType",
        "backupEligible",
        "backupStatus",
        "counter",
        "credentialPublicKey",
        "publicKeyCredentialId",
        "transports",
        "trustPath",
        "type",
        "userHandle",
        "uvInitialized",
      ].sort(),
    );
    expect(row?.credential).toMatchObject({
      publicKeyCredentialId: credentialId,
      type: "public-key",
      aaguid: CHROMIUM_AAGUID,
      counter: 1,
      transports: ["internal"],
      trustPath: [],
    });
    const list = await agent.get("/auth/user/passkeys");
    expect(list.status).toBe(200);
    expect(list.body.passkeys).toEqual([
      {
        id: passkeyId,
        name: "Laptop",
        authenticator: "Chromium Browser",
        backed_up: false,
        created_at: expect.any(String),
        last_used_at: null,
      },
    ]);
    expect(registered).toHaveLength(1);
    const audit = await app.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, "passkey-registered"));
    expect(audit).toHaveLength(1);
    const again = (await agent.get("/auth/user/passkeys/options")).body.options;
    expect(again.excludeCredentials).toEqual([
      { id: credentialId, type: "public-key", transports: ["internal"] },
    ]);
  });

  it("answers the @laravel/passkeys client's shape: {id, name} as strings", async () => {
    const user = await app.createUser();
    const agent = await signedIn(user);
    const options = (await agent.get("/auth/user/passkeys/options")).body
      .options;
    const response = await agent.post("/auth/user/passkeys", {
      name: "Phone",
      credential: new SoftwareAuthenticator({ origin: ORIGIN }).register(
        options,
      ),
    });
    expect(response.body).toMatchObject({
      status: "passkey-registered",
      id: expect.any(String),
      name: "Phone",
    });
    expect(response.body.passkey.authenticator).toBeNull();
  });

  it("refuses a response from another origin, and one to another challenge, without storing anything", async () => {
    const user = await app.createUser();
    const agent = await signedIn(user);
    const authenticator = new SoftwareAuthenticator({ origin: ORIGIN });
    let options = (await agent.get("/auth/user/passkeys/options")).body.options;
    const foreign = await agent.post("/auth/user/passkeys", {
      name: "X",
      credential: authenticator.register(options, {
        origin: "https://evil.example",
      }),
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.credential).toEqual([
      "Unable to register passkey. Please try again.",
    ]);
    options = (await agent.get("/auth/user/passkeys/options")).body.options;
    const wrong = await agent.post("/auth/user/passkeys", {
      name: "X",
      credential: authenticator.register(options, {
        challenge: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      }),
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.credential).toEqual([
      "Passkey verification session expired. Please try again.",
    ]);
    expect(await app.database.db.select().from(passkeys)).toEqual([]);
  });

  it("uses a challenge once: the same response sent twice stores one passkey", async () => {
    const user = await app.createUser();
    const agent = await signedIn(user);
    const options = (await agent.get("/auth/user/passkeys/options")).body
      .options;
    const credential = new SoftwareAuthenticator({ origin: ORIGIN }).register(
      options,
    );
    expect(
      (await agent.post("/auth/user/passkeys", { name: "A", credential }))
        .status,
    ).toBe(200);
    const replay = await agent.post("/auth/user/passkeys", {
      name: "B",
      credential,
    });
    expect(replay.status).toBe(422);
    expect(await app.database.db.select().from(passkeys)).toHaveLength(1);
  });

  it("validates name and credential at the edge (422), and needs a session (401) and the CSRF token (419)", async () => {
    const user = await app.createUser();
    const agent = await signedIn(user);
    const options = (await agent.get("/auth/user/passkeys/options")).body
      .options;
    const credential = new SoftwareAuthenticator({ origin: ORIGIN }).register(
      options,
    );
    const unnamed = await agent.post("/auth/user/passkeys", {
      name: "",
      credential,
    });
    expect(unnamed.status).toBe(422);
    expect(unnamed.body.errors).toHaveProperty("name");
    const broken = await agent.post("/auth/user/passkeys", {
      name: "A",
      credential: { ...credential, type: "password" },
    });
    expect(broken.status).toBe(422);
    expect(
      (
        await agent.post(
          "/auth/user/passkeys",
          { name: "A", credential },
          { noCsrf: true },
        )
      ).status,
    ).toBe(419);
    const guest = app.agent();
    await guest.csrf();
    expect((await guest.get("/auth/user/passkeys/options")).status).toBe(401);
    expect(
      (await guest.post("/auth/user/passkeys", { name: "A", credential }))
        .status,
    ).toBe(401);
  });
});
