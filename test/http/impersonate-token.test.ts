import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog, users } from "@/db/schema";
import { setHooks } from "@/lib/server/hooks";
import { defineAbility, IMPERSONATE_ABILITY } from "@/lib/policies/abilities";
import type { Agent } from "../support/agent";
import { PASSWORD, signIn, useTestApp } from "../support/app";

const ADMIN = "admin@example.com";
const app = useTestApp({
  auth: { admins: [ADMIN, "other-admin@example.com"] },
});

async function requestToken(agent: Agent, targetId: number): Promise<string> {
  const response = await agent.post("/auth/impersonate", {
    target_user_id: targetId,
  });
  if (response.status !== 200)
    throw new Error(`impersonate: ${response.status} ${response.text}`);
  return new URL(response.body.url as string).pathname;
}

async function setup() {
  app.setNow(new Date("2026-11-22T10:00:00Z"));
  const admin = await app.createUser({ email: ADMIN, name: "Admin" });
  const target = await app.createUser({
    email: "target@example.com",
    name: "Target",
  });
  const agent = await signIn(app, admin);
  return { admin, target, agent, path: await requestToken(agent, target.id) };
}

/** The same browser as seen by an application rebuilt with other configuration. */
function sameBrowser(agent: Agent): Agent {
  const copy = app.agent();
  for (const [name, value] of agent.cookies) copy.cookies.set(name, value);
  return copy;
}

async function expectStillAdmin(agent: Agent, before: Map<string, string>) {
  expect(agent.cookies).toEqual(before);
  expect((await agent.get("/auth/get-auth")).body).toMatchObject({
    user: { email: ADMIN },
    impersonating: false,
  });
}

describe("GET /auth/impersonate/{token} (contract §3 Impersonation, normal → impersonating)", () => {
  it("signs in as the target on a regenerated session that holds impersonate_token", async () => {
    const { admin, target, agent, path } = await setup();
    const before = new Map(agent.cookies);
    const response = await agent.get(path);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      user: expect.objectContaining({ id: target.id, email: target.email }),
    });
    expect(agent.cookies.get("auth_session")).not.toBe(
      before.get("auth_session"),
    );
    expect(agent.cookies.get("XSRF-TOKEN")).not.toBe(before.get("XSRF-TOKEN"));
    expect((await agent.get("/auth/get-auth")).body).toMatchObject({
      user: { id: target.id },
      is_admin: false,
      impersonating: true,
    });
    // The admin's old session is gone: a copy of its cookie is worth nothing.
    const replay = app.agent();
    for (const [name, value] of before) replay.cookies.set(name, value);
    expect((await replay.get("/auth/get-auth")).body.authenticated).toBe(false);
    const audit = await app.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, "impersonation-started"));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      subjectId: target.id,
      causerId: admin.id,
      properties: { ip: "127.0.0.1" },
    });
  });

  it("redirects a browser to the configured target", async () => {
    const { agent, path } = await setup();
    const response = await agent.get(path, { asJson: false });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin");
  });

  it("is valid for 120 s: accepted at 120 s (contract §8)", async () => {
    const { agent, path } = await setup();
    app.advance(120);
    expect((await agent.get(path)).status).toBe(200);
  });

  it("answers 403 after 120 s, session unchanged", async () => {
    const { agent, path } = await setup();
    app.advance(121);
    const before = new Map(agent.cookies);
    expect((await agent.get(path)).status).toBe(403);
    await expectStillAdmin(agent, before);
  });

  it("follows limits.impersonation-token-ttl", async () => {
    app.configure({ auth: { limits: { "impersonation-token-ttl": 1 } } });
    const { agent, path } = await setup();
    app.advance(2);
    expect((await agent.get(path)).status).toBe(403);
  });

  it("answers 403 when used by another user", async () => {
    const { path } = await setup();
    const other = await app.createUser({ email: "other-admin@example.com" });
    const otherAgent = await signIn(app, other);
    const before = new Map(otherAgent.cookies);
    expect((await otherAgent.get(path)).status).toBe(403);
    expect(otherAgent.cookies).toEqual(before);
    const plain = await signIn(app, await app.createUser());
    expect((await plain.get(path)).status).toBe(403);
  });

  it("answers 403 when used from another session of the same requester (contract §7)", async () => {
    const { admin, path } = await setup();
    const elsewhere = await signIn(app, admin);
    expect((await elsewhere.get(path)).status).toBe(403);
  });

  it("answers 403 when the requester may no longer impersonate the target", async () => {
    const { agent, path } = await setup();
    // The target has become an administrator since the token was issued.
    setHooks({
      isAdmin: (user) =>
        user.email === ADMIN || user.email === "target@example.com",
    });
    const before = new Map(agent.cookies);
    expect((await agent.get(path)).status).toBe(403);
    await expectStillAdmin(agent, before);
  });

  it("answers 403 when the target was deleted meanwhile", async () => {
    const { target, agent, path } = await setup();
    await app.database.db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(eq(users.id, target.id));
    expect((await agent.get(path)).status).toBe(403);
  });

  it("lets the token-use authorizer replace the ability check; expiry and requester still apply", async () => {
    const { admin, target, agent, path } = await setup();
    defineAbility(IMPERSONATE_ABILITY, () => false);
    const calls: [number, number][] = [];
    setHooks({
      impersonationTokenAuthorizer: (requester, candidate) => {
        calls.push([requester.id, candidate.id]);
        return true;
      },
    });
    const other = await signIn(
      app,
      await app.createUser({ email: "other-admin@example.com" }),
    );
    expect((await other.get(path)).status).toBe(403);
    app.advance(121);
    expect((await agent.get(path)).status).toBe(403);
    app.advance(-121);
    const response = await agent.get(path);
    expect(response.status).toBe(200);
    expect(response.body.user.id).toBe(target.id);
    expect(calls).toEqual([[admin.id, target.id]]);
  });

  it("answers 403 when the token-use authorizer says no, though the ability allows", async () => {
    const { agent, path } = await setup();
    setHooks({ impersonationTokenAuthorizer: () => false });
    expect((await agent.get(path)).status).toBe(403);
  });

  it("answers 403 for a tampered or undecryptable token", async () => {
    const { agent, path } = await setup();
    const token = decodeURIComponent(path.split("/").at(-1) ?? "");
    const flipped =
      token.slice(0, 40) + (token[40] === "A" ? "B" : "A") + token.slice(41);
    expect(
      (await agent.get(`/auth/impersonate/${encodeURIComponent(flipped)}`))
        .status,
    ).toBe(403);
    expect((await agent.get("/auth/impersonate/not-a-token")).status).toBe(403);
    expect(
      (await agent.get(`/auth/impersonate/${"x".repeat(5000)}`)).status,
    ).toBe(403);
  });

  it("is single-use in practice: once used, the session changed and the token is refused", async () => {
    const { agent, path } = await setup();
    expect((await agent.get(path)).status).toBe(200);
    expect((await agent.get(path)).status).toBe(403);
  });

  it("answers 403 when allow-impersonate became false", async () => {
    const { agent, path } = await setup();
    app.configure({ auth: { "allow-impersonate": false } });
    expect((await sameBrowser(agent).get(path)).status).toBe(403);
  });

  it("answers 403 to a bearer-only request and 401 to a guest", async () => {
    const { path } = await setup();
    const client = app.agent();
    await client.csrf();
    const created = await client.post("/auth/create-token", {
      email: ADMIN,
      password: PASSWORD,
      name: "ci",
    });
    expect(
      (await app.agent().get(path, { bearer: created.body.token })).status,
    ).toBe(403);
    expect((await app.agent().get(path)).status).toBe(401);
    const started = await app.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.event, "impersonation-started"));
    expect(started).toHaveLength(0);
  });
});
