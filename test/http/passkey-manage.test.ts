import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog, passkeys } from "@/db/schema";
import { signIn, useTestApp } from "../support/app";
import { withPasskey } from "../support/passkeys";

const app = useTestApp();

const STEP_UP = { message: "Password confirmation required." };

describe("passkey step-up and management: rename, delete behind step-up, only one's own", () => {
  it("step-up by passkey: 423 before, confirm with one's passkey, then the delete goes through", async () => {
    const user = await app.createUser();
    const { agent, authenticator, passkeyId } = await withPasskey(app, user);
    const refused = await agent.delete(`/auth/user/passkeys/${passkeyId}`);
    expect(refused.status).toBe(423);
    expect(refused.body).toEqual(STEP_UP);
    const options = await agent.get("/auth/passkeys/confirm/options");
    expect(options.status).toBe(200);
    expect(options.body.options.allowCredentials).toHaveLength(1);
    const confirmed = await agent.post("/auth/passkeys/confirm", {
      credential: authenticator.authenticate(options.body.options),
    });
    expect(confirmed.status).toBe(200);
    // laravel/passkeys-server's PasskeyConfirmationResponse: where to go on.
    expect(confirmed.body).toEqual({ redirect: "http://localhost:3000/admin" });
    const deleted = await agent.delete(`/auth/user/passkeys/${passkeyId}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ status: "passkey-deleted" });
    expect(await app.database.db.select().from(passkeys)).toEqual([]);
    const audit = await app.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, "passkey-deleted"));
    expect(audit).toHaveLength(1);
  });

  it("a step-up lasts three hours (Laravel's password_timeout)", async () => {
    const user = await app.createUser();
    app.setNow(new Date());
    const { agent, authenticator, passkeyId } = await withPasskey(app, user);
    const options = (await agent.get("/auth/passkeys/confirm/options")).body
      .options;
    expect(
      (
        await agent.post("/auth/passkeys/confirm", {
          credential: authenticator.authenticate(options),
        })
      ).status,
    ).toBe(200);
    // Within the session's idle lifetime (120 minutes) each time, three hours in all.
    app.advance(6_000);
    expect((await agent.get("/auth/user/passkeys")).status).toBe(200);
    app.advance(4_799);
    expect(
      (await agent.put(`/auth/user/passkeys/${passkeyId}`, { name: "Still" }))
        .status,
    ).toBe(200);
    app.advance(1);
    expect(
      (await agent.delete(`/auth/user/passkeys/${passkeyId}`)).status,
    ).toBe(423);
  });

  it("refuses to confirm with another user's passkey (422 on credential)", async () => {
    const owner = await app.createUser();
    const other = await app.createUser();
    const { authenticator } = await withPasskey(app, owner);
    const { agent } = await withPasskey(app, other);
    const options = (await agent.get("/auth/passkeys/confirm/options")).body
      .options;
    const [ownerKey] = authenticator.keys.keys();
    const response = await agent.post("/auth/passkeys/confirm", {
      credential: authenticator.authenticate(options, {
        credentialId: ownerKey,
      }),
    });
    expect(response.status).toBe(422);
    expect(response.body.errors.credential).toEqual([
      "Passkey not recognized. It may have been removed from your account.",
    ]);
    expect((await agent.delete("/auth/user/passkeys/1")).status).toBe(423);
  });

  it("renames one's passkey; another user's is 403, a missing one 404, and a name is required", async () => {
    const owner = await app.createUser();
    const { agent, passkeyId } = await withPasskey(app, owner);
    const renamed = await agent.put(`/auth/user/passkeys/${passkeyId}`, {
      name: "  Work laptop ",
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.passkey).toMatchObject({
      id: passkeyId,
      name: "Work laptop",
    });
    expect(
      (await agent.put(`/auth/user/passkeys/${passkeyId}`, { name: "" }))
        .status,
    ).toBe(422);
    expect(
      (await agent.put("/auth/user/passkeys/999999", { name: "x" })).status,
    ).toBe(404);
    expect(
      (await agent.put("/auth/user/passkeys/abc", { name: "x" })).status,
    ).toBe(404);
    const intruder = await signIn(app, await app.createUser());
    expect(
      (await intruder.put(`/auth/user/passkeys/${passkeyId}`, { name: "mine" }))
        .status,
    ).toBe(403);
    expect((await intruder.get("/auth/user/passkeys")).body.passkeys).toEqual(
      [],
    );
    const [row] = await app.database.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.id, passkeyId));
    expect(row?.name).toBe("Work laptop");
    const audit = await app.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, "passkey-renamed"));
    expect(audit).toHaveLength(1);
  });

  it("refuses to delete another user's passkey (403) even after a step-up", async () => {
    const owner = await app.createUser();
    const { passkeyId } = await withPasskey(app, owner);
    const { agent, authenticator } = await withPasskey(
      app,
      await app.createUser(),
    );
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
      (await agent.delete(`/auth/user/passkeys/${passkeyId}`)).status,
    ).toBe(403);
    expect(
      await app.database.db
        .select()
        .from(passkeys)
        .where(eq(passkeys.id, passkeyId)),
    ).toHaveLength(1);
  });

  it("no bearer token takes part in a ceremony or changes passkeys (403), but one may list them", async () => {
    const user = await app.createUser();
    const { passkeyId } = await withPasskey(app, user);
    const bare = app.agent();
    await bare.csrf();
    const token = (
      await bare.post("/auth/create-token", {
        email: user.email,
        password: "plum-orbit-4812",
        name: "cli",
      })
    ).body.token as string;
    expect(
      (await bare.get("/auth/user/passkeys", { bearer: token })).status,
    ).toBe(200);
    expect(
      (await bare.get("/auth/user/passkeys/options", { bearer: token })).status,
    ).toBe(403);
    expect(
      (
        await bare.put(
          `/auth/user/passkeys/${passkeyId}`,
          { name: "x" },
          { bearer: token },
        )
      ).status,
    ).toBe(403);
  });
});
