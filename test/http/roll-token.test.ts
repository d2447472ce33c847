import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog } from "@/db/schema";
import { prune } from "@/lib/runtime/pruning";
import { PASSWORD, signIn, useTestApp } from "../support/app";
import { createToken, tokenId } from "../support/tokens";
import { confirmPassword } from "../support/two-factor";

// Decision record 045: a new secret for a token; the old one works for grace_seconds, then stops.
const app = useTestApp();
const T0 = new Date("2026-11-22T10:00:00Z");

const authenticated = async (token: string) =>
  (await app.agent().get("/auth/get-auth", { bearer: token })).body
    .authenticated as boolean;

const roll = (token: string, fields: Record<string, unknown>) =>
  app.agent().post("/auth/roll-token", fields, { bearer: token });

const list = async (token: string) =>
  (await app.agent().post("/auth/tokens", {}, { bearer: token })).body
    .tokens as Record<string, unknown>[];

describe("POST /auth/roll-token", () => {
  it("with a grace: a new secret with the same name, abilities, expiry and limits; the old one works until the grace ends; both listed meanwhile", async () => {
    app.setNow(T0);
    const user = await app.createUser();
    const old = await createToken(app, user.email, {
      name: "deploy",
      abilities: ["tokens:write"],
      expires_at: "2027-01-01T00:00:00Z",
      rate_limit: 100,
      allowed_ips: ["127.0.0.0/8"],
    });
    const response = await roll(old, {
      token_id: tokenId(old),
      grace_seconds: 3600,
    });
    expect(response.status).toBe(200);
    const fresh = response.body.token as string;
    expect(fresh).toMatch(/^\d+\|nla_[A-Za-z0-9]{40}[0-9a-f]{8}$/);
    expect(response.body).toMatchObject({
      token_id: tokenId(fresh),
      previous_expires_at: "2026-11-22T11:00:00.000Z",
    });
    expect(await authenticated(fresh)).toBe(true);
    expect(await authenticated(old)).toBe(true);
    const tokens = await list(fresh);
    expect(tokens).toEqual([
      expect.objectContaining({
        id: tokenId(fresh),
        name: "deploy",
        abilities: ["tokens:write"],
        expires_at: "2027-01-01T00:00:00.000Z",
        rate_limit: 100,
        allowed_ips: ["127.0.0.0/8"],
        rolled_from: tokenId(old),
        replaced_by: null,
      }),
      expect.objectContaining({
        id: tokenId(old),
        expires_at: "2026-11-22T11:00:00.000Z",
        replaced_by: tokenId(fresh),
      }),
    ]);
    app.advance(3599);
    expect(await authenticated(old)).toBe(true);
    app.advance(1);
    expect(await authenticated(old)).toBe(false);
    expect(await authenticated(fresh)).toBe(true);
    const audit = await app.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, "token-rolled"));
    expect(audit[0]?.properties).toMatchObject({
      token_id: tokenId(old),
      new_token_id: tokenId(fresh),
    });
  });

  it("with grace 0: the old secret stops at once", async () => {
    const user = await app.createUser();
    const old = await createToken(app, user.email);
    const response = await roll(old, {
      token_id: tokenId(old),
      grace_seconds: 0,
    });
    expect(response.status).toBe(200);
    expect(response.body.previous_expires_at).toBeNull();
    expect(await authenticated(old)).toBe(false);
    expect(await authenticated(response.body.token)).toBe(true);
    expect((await list(response.body.token)).map((t) => t.id)).toEqual([
      tokenId(response.body.token),
    ]);
  });

  it("defaults the grace to a day", async () => {
    app.setNow(T0);
    const user = await app.createUser();
    const old = await createToken(app, user.email);
    const response = await roll(old, { token_id: tokenId(old) });
    expect(response.body.previous_expires_at).toBe("2026-11-23T10:00:00.000Z");
  });

  it("from a session, a token already rolled, another user's token or an unknown id is 422 on token_id; nothing is written", async () => {
    const user = await app.createUser();
    const other = await app.createUser();
    const mine = await createToken(app, user.email);
    const theirs = await createToken(app, other.email);
    const agent = await signIn(app, user);
    await confirmPassword(agent);
    const rollFromSession = (id: number) =>
      agent.post("/auth/roll-token", { token_id: id });
    for (const id of [tokenId(theirs), 999]) {
      const response = await rollFromSession(id);
      expect(response.status).toBe(422);
      expect(Object.keys(response.body.errors)).toEqual(["token_id"]);
    }
    expect((await rollFromSession(tokenId(mine))).status).toBe(200);
    expect((await rollFromSession(tokenId(mine))).status).toBe(422);
    expect(await list(theirs)).toHaveLength(1);
  });

  it("answers 422 for a negative or too long grace", async () => {
    const user = await app.createUser();
    const token = await createToken(app, user.email);
    for (const grace_seconds of [-1, 31 * 86_400, "soon"]) {
      const response = await roll(token, {
        token_id: tokenId(token),
        grace_seconds,
      });
      expect(response.status).toBe(422);
      expect(Object.keys(response.body.errors)).toEqual(["grace_seconds"]);
    }
  });

  it("needs tokens:write from a token, and a recent password confirmation from a session", async () => {
    const user = await app.createUser();
    const reader = await createToken(app, user.email, {
      abilities: ["user:write"],
    });
    expect((await roll(reader, { token_id: tokenId(reader) })).status).toBe(
      403,
    );
    const agent = await signIn(app, user);
    const refused = await agent.post("/auth/roll-token", {
      token_id: tokenId(reader),
    });
    expect(refused.status).toBe(423);
    await confirmPassword(agent);
    expect(
      (await agent.post("/auth/roll-token", { token_id: tokenId(reader) }))
        .status,
    ).toBe(200);
  });

  it("create-token from the account's own session starts its confirmation window, as confirm-password does (decision record 090); another account's password does not", async () => {
    app.setNow(T0);
    const user = await app.createUser();
    const other = await app.createUser();
    const agent = await signIn(app, user);
    const status = async () =>
      (await agent.get("/auth/user/confirmed-password-status")).body
        .confirmed as boolean;
    const created = await agent.post("/auth/create-token", {
      email: other.email,
      password: PASSWORD,
      name: "theirs",
    });
    expect(created.status).toBe(200);
    expect(await status()).toBe(false);
    const own = await agent.post("/auth/create-token", {
      email: user.email,
      password: PASSWORD,
      name: "deploy",
    });
    expect(own.status).toBe(200);
    expect(await status()).toBe(true);
    app.advance(60);
    const rolled = await agent.post("/auth/roll-token", {
      token_id: tokenId(own.body.token as string),
    });
    expect(rolled.status).toBe(200);
  });

  it("a rolled token's grace never gets the expiry notice; its successor does", async () => {
    app.setNow(T0);
    const user = await app.createUser();
    const old = await createToken(app, user.email, {
      expires_at: "2026-11-25T10:00:00Z",
    });
    await roll(old, { token_id: tokenId(old), grace_seconds: 3600 });
    const pruned = await prune({
      db: app.database.db,
      config: app.services.config,
      env: app.services.env,
      now: T0,
    });
    expect(pruned.token_expiry_notices).toBe(1);
  });
});
